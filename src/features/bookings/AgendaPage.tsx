import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { Booking } from '../../../contract/bookings.contract'
import { FormMessage } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { LoadMore } from '../../components/LoadMore'
import { formatDate, formatTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { usePageTitle } from '../../lib/title'
import { BookingActions } from './BookingActions'
import { type AgendaWhen, bookingsQueries } from './bookings.queries'

const route = getRouteApi('/_default/account/bookings')

const STATUS_TEXT: Record<Booking['status'], MessageDescriptor> = {
  booked: msg`Booked`,
  cancelling: msg`Being refunded`,
  cancelled: msg`Cancelled`,
}

/**
 * /account/bookings: the seller's agenda — upcoming bookings soonest first, grouped by day (past ones
 * latest first under `?when=past`) — with the buyer, the service, the time and its status, and for those
 * ahead "Move" and "Cancel booking".
 */
export function AgendaPage() {
  const { t } = useLingui()
  usePageTitle(t`Bookings`)
  const { when = 'upcoming' } = route.useSearch()
  const list = useInfiniteQuery(bookingsQueries.list(when))
  // A moved booking changes day (and card): what happened is said here, above the list.
  const [message, setMessage] = useState<string | null>(null)
  const bookings = list.data?.pages.flatMap((page) => page.bookings) ?? []
  const days = new Map<string, Booking[]>()
  for (const booking of bookings) {
    const day = formatDate(booking.start, { weekday: true })
    days.set(day, [...(days.get(day) ?? []), booking])
  }
  return (
    <section className="page agenda" aria-labelledby="agenda-heading">
      <h1 id="agenda-heading">
        <Trans>Bookings</Trans>
      </h1>
      <nav aria-label={t`Upcoming or past`} className="chips">
        {(['upcoming', 'past'] as AgendaWhen[]).map((w) => (
          <Link
            key={w}
            to="/account/bookings"
            search={w === 'past' ? { when: 'past' } : {}}
            activeOptions={{ exact: true }}
            className="chip"
            aria-current={w === when ? 'page' : undefined}
            data-status={w === when ? 'active' : undefined}
          >
            {w === 'upcoming' ? t`Upcoming` : t`Past`}
          </Link>
        ))}
      </nav>
      <FormMessage message={message} tone="ok" />
      <ListState list={list} what={t`your bookings`} />
      {list.isSuccess && bookings.length === 0 ? (
        <div className="empty-state">
          <p>
            {when === 'upcoming'
              ? t`No bookings ahead. People book your services from their pages; they show here.`
              : t`No past bookings yet.`}
          </p>
          <p className="actions">
            <Link to="/account/services">
              <Trans>Your services</Trans>
            </Link>
          </p>
        </div>
      ) : null}
      {[...days].map(([day, items]) => (
        <section key={day} aria-label={day} className="agenda-day">
          <h2>{day}</h2>
          <ul className="cards">
            {items.map((booking) => (
              <AgendaItem
                key={booking.orderId}
                booking={booking}
                upcoming={when === 'upcoming'}
                onDone={setMessage}
              />
            ))}
          </ul>
        </section>
      ))}
      <LoadMore list={list} />
    </section>
  )
}

function AgendaItem({
  booking,
  upcoming,
  onDone,
}: {
  booking: Booking
  upcoming: boolean
  onDone: (message: string) => void
}) {
  const { t } = useLingui()
  const started = Date.parse(booking.start) <= Date.now()
  return (
    <li className="card">
      <h3 className="sale-title">
        {formatTime(booking.start)}–{formatTime(booking.end)} · {booking.service}
      </h3>
      <dl className="details">
        <dt>
          <Trans>Buyer</Trans>
        </dt>
        <dd>
          <Link to="/account/customers/$key" params={{ key: `e:${booking.buyer.email.toLowerCase()}` }}>
            {booking.buyer.name || booking.buyer.email}
          </Link>
          {booking.buyer.phone ? (
            <>
              {' · '}
              <a href={`tel:+${booking.buyer.phone}`}>+{booking.buyer.phone}</a>
            </>
          ) : null}
        </dd>
        <dt>
          <Trans>Where</Trans>
        </dt>
        <dd>{booking.where}</dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>
          <span className={`badge badge-${booking.status === 'booked' ? 'paid' : 'refunded'}`}>
            {t(STATUS_TEXT[booking.status])}
          </span>
        </dd>
        <dt>
          <Trans>Paid</Trans>
        </dt>
        <dd>
          {formatMoney(booking.total.amount, booking.total.currency)} · {booking.reference}
        </dd>
      </dl>
      {upcoming && booking.status === 'booked' && !started ? (
        <BookingActions
          orderId={booking.orderId}
          productId={booking.productId}
          timeZone={booking.timeZone}
          as="seller"
          onDone={onDone}
        />
      ) : null}
    </li>
  )
}
