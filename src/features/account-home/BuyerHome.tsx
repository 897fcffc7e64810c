import { plural, t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { formatDate, formatDateTime } from '../../lib/dates'
import type { BuyerHome as Home } from './account-home.queries'
import { OrderRow } from './OrderRow'

/** `Nairobi Meetup: 2 tickets`. */
function ticketsText(title: string, count: number) {
  return t`${title}: ${plural(count, { one: '# ticket', other: '# tickets' })}`
}

type Upcoming = Home['tickets'][number] & { kind: 'ticket' | 'booking' }

/** What is coming up: tickets and booked times together, soonest first. */
function ComingUp({ home }: { home: Home }) {
  const { t } = useLingui()
  const items: Upcoming[] = [
    ...home.tickets.map((t) => ({ ...t, kind: 'ticket' as const })),
    ...home.bookings.map((b) => ({ ...b, kind: 'booking' as const })),
  ].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
  if (items.length === 0) return null
  return (
    <section className="card home-card" aria-labelledby="home-coming-heading">
      <h2 id="home-coming-heading">{t`Coming up`}</h2>
      <ul className="home-list">
        {items.map((item) => (
          <li key={`${item.kind}:${item.orderId}`}>
            <Link to="/sucess-payment" search={{ order: item.orderId }}>
              {item.kind === 'ticket' ? ticketsText(item.title, item.quantity) : item.title}
            </Link>
            <p className="muted">
              {item.kind === 'ticket'
                ? t`Starts ${formatDateTime(item.start, { weekday: true, timeZone: item.timeZone })}`
                : t`Booked for ${formatDateTime(item.start, { weekday: true, timeZone: item.timeZone })}`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Purchases({ home }: { home: Home }) {
  return (
    <section className="card home-card home-wide" aria-labelledby="home-purchases-heading">
      <h2 id="home-purchases-heading">
        <Trans>Recent purchases</Trans>
      </h2>
      {home.purchases.length === 0 ? (
        <p className="muted">
          <Trans>
            Nothing bought yet. <Link to="/explore">Explore what creators sell</Link>: what you buy shows
            here.
          </Trans>
        </p>
      ) : (
        <>
          <ul className="movements">
            {home.purchases.map((o) => (
              <OrderRow
                key={o.id}
                title={
                  <Link to="/sucess-payment" search={{ order: o.id }} className="movement-title">
                    {o.title}
                  </Link>
                }
                amount={o.amount}
                currency={o.currency}
                party={o.party}
                when={formatDate(o.at)}
                status={o.status}
              />
            ))}
          </ul>
          <p>
            <Link to="/account/purchases">
              <Trans>All purchases</Trans>
            </Link>
          </p>
        </>
      )}
    </section>
  )
}

function Downloads({ home }: { home: Home }) {
  if (home.downloads.length === 0) return null
  return (
    <section className="card home-card" aria-labelledby="home-downloads-heading">
      <h2 id="home-downloads-heading">
        <Trans>Your downloads</Trans>
      </h2>
      <ul className="home-list">
        {home.downloads.map((o) => (
          <li key={o.id}>
            <Link to="/download/$id" params={{ id: o.id }}>
              {o.title}
            </Link>
            <p className="muted">
              <Trans>
                {o.party} · bought {formatDate(o.at)}
              </Trans>
            </p>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/downloads">
          <Trans>All downloads</Trans>
        </Link>
      </p>
    </section>
  )
}

/** Someone who only buys: what is coming up, what they bought, their files, and an invitation to sell. */
export function BuyerHome({ home }: { home: Home }) {
  return (
    <div className="home-grid">
      <ComingUp home={home} />
      <Purchases home={home} />
      <Downloads home={home} />
      <section className="card home-card home-invite" aria-labelledby="home-sell-heading">
        <h2 id="home-sell-heading">
          <Trans>Sell on Soko</Trans>
        </h2>
        <p>
          <Trans>
            Open a storefront in a few minutes: sell downloads, services, merch and tickets, send invoices,
            and get paid by M-Pesa, card and PayPal.
          </Trans>
        </p>
        <Link to="/register" className="button">
          <Trans>Open a storefront</Trans>
        </Link>
      </section>
    </div>
  )
}
