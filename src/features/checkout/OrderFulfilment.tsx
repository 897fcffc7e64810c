import { t } from '@lingui/core/macro'
import { Link } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense } from 'react'
import type { Order } from '../../../contract/checkout.contract'
import { formatDateTime } from '../../lib/dates'
import { AddToCalendar } from './AddToCalendar'
import { OrderFiles } from './DownloadButton'
import { addressText, slotText } from './order-format'

/*
 * What a paid order gives, by kind, on the order's page (OrderStatusPage.tsx): its files, tickets with their
 * QR codes, the booked time (with moving and cancelling), the delivery, or the membership.
 */

// Moving or cancelling a booking (with the time picker) is for a booked service's order alone.
const BookingChanges = lazy(() =>
  import('../bookings/BookingActions').then((module) => ({ default: module.BookingChanges })),
)

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  )
}

const ticketAlt = (code: string) => t`Ticket QR code ${code}`

/** What a paid order gives, by kind: files, tickets, the booked time, the delivery, or the membership. */
export function OrderFulfilment({ order }: { order: Order }) {
  const where = order.address ?? ''
  const reference = order.reference
  const title = order.product.title
  const host = order.product.seller.displayName
  const until = order.slot?.changeUntil ? formatDateTime(order.slot.changeUntil, { weekday: true }) : ''
  const place = order.joinUrl ? (
    <p>
      {t`Join online:`} <a href={order.joinUrl}>{order.joinUrl}</a>
    </p>
  ) : order.address ? (
    <p>{t`Where: ${where}`}</p>
  ) : null
  switch (order.kind) {
    case 'digital':
      return (
        <Section title={t`Your files`}>
          <OrderFiles order={order} />
          <p>
            <Link to="/download/$id" params={{ id: order.id }}>
              {t`This purchase’s download page`}
            </Link>{' '}
            {t`— keep it to download again later.`}
          </p>
        </Section>
      )
    case 'event':
      return (
        <Section title={order.tickets.length === 1 ? t`Your ticket` : t`Your tickets`}>
          {order.event ? (
            <>
              <p>
                {formatDateTime(order.event.startsAt, { weekday: true, timeZone: order.event.timeZone })} (
                {order.event.timeZone.replace(/_/g, ' ')})
              </p>
              {place}
              <AddToCalendar
                fileName="event.ics"
                event={{
                  uid: `${order.id}@soko`,
                  sequence: 0,
                  start: order.event.startsAt,
                  end:
                    order.event.endsAt ??
                    new Date(Date.parse(order.event.startsAt) + 2 * 3_600_000).toISOString(),
                  title: order.product.title,
                  description: t`Your tickets: order ${reference} on Soko.`,
                  location: order.address ?? order.joinUrl ?? '',
                  url: location.href,
                }}
              />
            </>
          ) : (
            place
          )}
          <p className="muted">{t`Show the code at the door, on your phone or printed.`}</p>
          <ul className="plain-list tickets">
            {order.tickets.map((ticket) => (
              <li key={ticket.code} className="card ticket">
                <img
                  src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(ticket.qrSvg)}`}
                  alt={ticketAlt(ticket.code)}
                  width={192}
                  height={192}
                />
                <span>
                  {ticket.holder ? (
                    <>
                      <strong>{ticket.holder}</strong>
                      <br />
                    </>
                  ) : null}
                  {ticket.ticketType}
                  <br />
                  <code>{ticket.code}</code>
                </span>
              </li>
            ))}
          </ul>
        </Section>
      )
    case 'service':
      return (
        <Section title={t`Your booking`}>
          {order.slot ? <p>{slotText(order.slot)}</p> : null}
          {place}
          {order.slot && order.status === 'paid' ? (
            <AddToCalendar
              fileName="booking.ics"
              event={{
                uid: `${order.id}@soko`,
                sequence: 0,
                start: order.slot.start,
                end: order.slot.end,
                title: t`${title} with ${host}`,
                description: t`Booking ${reference} on Soko.`,
                location: order.address ?? order.joinUrl ?? '',
                url: location.href,
              }}
            />
          ) : null}
          {order.slot?.changeUntil ? (
            <>
              <p className="muted">{t`You can move or cancel it until ${until}.`}</p>
              <Suspense fallback={null}>
                <BookingChanges order={order} />
              </Suspense>
            </>
          ) : order.status === 'paid' && order.slot && Date.parse(order.slot.start) > Date.now() ? (
            <p className="muted">{t`To move or cancel it now, ask ${host}.`}</p>
          ) : null}
        </Section>
      )
    case 'membership':
      return (
        <Section title={t`Your membership`}>
          <p>{t`Its members’ posts, the next payment and a way to cancel are on your Memberships page.`}</p>
          <p>
            <Link to="/account/memberships" search={{}} className="button">
              {t`Your memberships`}
            </Link>
          </p>
        </Section>
      )
    case 'merch': {
      const to = addressText(order.delivery)
      const seller = order.product.seller.displayName
      const pickupAt = order.delivery?.kind === 'pickup' ? order.delivery.address : order.address
      return (
        <Section title={t`Delivery`}>
          <p>
            {order.fulfilment === 'shipped'
              ? to
                ? t`${seller} has sent it to ${to}.`
                : t`${seller} has handed it over.`
              : to
                ? t`${seller} will ship to ${to}.`
                : pickupAt
                  ? t`Pick it up from ${seller} at ${pickupAt}: bring the reference ${reference}.`
                  : t`Pick it up from ${seller}: bring the reference ${reference}.`}
          </p>
        </Section>
      )
    }
  }
}
