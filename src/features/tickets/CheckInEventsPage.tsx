import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ListState } from '../../components/ListState'
import { formatDateTime } from '../../lib/dates'
import { usePageTitle } from '../../lib/title'
import { catalogQueries } from '../catalog/catalog.queries'

/** /account/check-in: the seller's events, soonest first, each opening its door page. */
export function CheckInEventsPage() {
  const { t } = useLingui()
  usePageTitle(t`Check-in`)
  const list = useQuery(catalogQueries.myProducts(['event']))
  const events = (list.data?.products ?? [])
    .flatMap((p) => (p.kind === 'event' && p.status === 'published' ? [p] : []))
    .sort((a, b) => a.details.startsAt.localeCompare(b.details.startsAt))
  const now = new Date().toISOString()
  return (
    <section className="page narrow" aria-labelledby="check-in-heading">
      <h1 id="check-in-heading">
        <Trans>Check-in</Trans>
      </h1>
      <p className="lead">
        <Trans>
          Open an event before the doors open, while you have a signal: its attendee list stays on this phone,
          and tickets are checked with no network.
        </Trans>
      </p>
      <ListState list={list} what={t`your events`} />
      {list.isSuccess && events.length === 0 ? (
        <div className="empty-state">
          <p>
            <Trans>No events on sale. Create one and its attendees show here.</Trans>
          </p>
          <p className="actions">
            <Link to="/account/new-product" className="button">
              <Trans>Add an event</Trans>
            </Link>
          </p>
        </div>
      ) : null}
      <ul className="cards">
        {events.map((event) => (
          <li key={event.id} className="card">
            <h2 className="sale-title">
              <Link to="/account/check-in/$eventId" params={{ eventId: event.id }}>
                {event.title}
              </Link>
            </h2>
            <p className="muted">
              {formatDateTime(event.details.startsAt, { weekday: true })}
              {event.details.startsAt < now ? t` · started` : ''}
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}
