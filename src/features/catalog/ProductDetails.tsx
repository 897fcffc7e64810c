import { plural, t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { WeeklySlot } from '../../../contract/catalog.contract'
import { formatLocale } from '../../../contract/format-locale'
import type { PublicPlace, PublicProduct, Rates } from '../../../contract/storefront'
import { formatDateTime } from '../../lib/dates'
import { formatSize } from '../../lib/size'
import { money, Price } from './money'

export const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** A day of the week (0 = Sunday) in the page's language, by Intl: "Monday", "Jumatatu". */
export function dayName(day: number): string {
  // 7 January 2024 was a Sunday.
  return new Intl.DateTimeFormat(formatLocale(), { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 7 + day)),
  )
}

/** A service's weekly hours, as the seller set them in its time zone. */
export function WeeklyHours({ slots }: { slots: WeeklySlot[] }) {
  return (
    <ul className="plain-list">
      {slots.map((slot) => (
        <li key={`${slot.day}-${slot.from}`}>
          {dayName(slot.day)} {slot.from}–{slot.to}
        </li>
      ))}
    </ul>
  )
}

/** A date and time in the event's own zone, named: "Sat, Jan 9, 2027, 6:00 PM (Africa/Nairobi)". */
function when(iso: string, timeZone: string) {
  return `${formatDateTime(iso, { timeZone, weekday: true })} (${timeZone.replace(/_/g, ' ')})`
}

const whereText = (where: PublicPlace) =>
  where.kind === 'online' ? t`Online (the link comes with your booking)` : where.address

/** The one line above a kind's details that says what a buyer ends up with. */
function promise(product: PublicProduct): string {
  switch (product.kind) {
    case 'digital': {
      const n = product.files.length
      const size = formatSize(product.files.reduce((sum, file) => sum + file.size, 0))
      return n === 0
        ? t`Files to download, yours to keep.`
        : t`${plural(n, { one: 'One file', other: '# files' })}, ${size}, yours to keep on any device.`
    }
    case 'service': {
      const minutes = product.details.durationMinutes
      return t`A ${minutes}-minute session at a time you choose; the confirmation comes by e-mail.`
    }
    case 'merch':
      return t`The item in the option you choose, delivered or picked up as the seller offers.`
    case 'event':
      return t`A ticket with a QR code, by e-mail and in your purchases, to show at the door.`
    case 'membership':
      return t`Members’ posts and perks.`
  }
}

function KindFacts({ product, rates }: { product: PublicProduct; rates: Rates }) {
  switch (product.kind) {
    case 'digital': {
      const limit = product.details.downloadLimit
      return (
        <>
          <ul className="file-list">
            {product.files.map((file) => (
              <li key={file.id}>
                {file.name} <span className="muted">({formatSize(file.size)})</span>
              </li>
            ))}
          </ul>
          <p className="muted">
            {limit
              ? t`Download straight after paying, and again any time from your purchases (up to ${limit} downloads).`
              : t`Download straight after paying, and again any time from your purchases.`}
          </p>
        </>
      )
    }
    case 'service': {
      const d = product.details
      const { durationMinutes: minutes, timeZone: zone, bookAheadDays: days } = d
      return (
        <dl className="details">
          <dt>
            <Trans>Length</Trans>
          </dt>
          <dd>{t`${plural(minutes, { one: '# minute', other: '# minutes' })}`}</dd>
          <dt>
            <Trans>Where</Trans>
          </dt>
          <dd>{whereText(d.where)}</dd>
          <dt>
            <Trans>Usual hours ({zone})</Trans>
          </dt>
          <dd>
            <WeeklyHours slots={d.availability} />
          </dd>
          <dt>
            <Trans>Book ahead</Trans>
          </dt>
          <dd>{t`${plural(days, { one: 'Up to # day', other: 'Up to # days' })}`}</dd>
        </dl>
      )
    }
    case 'merch': {
      const { variants, shippingZones: zones, pickup } = product.details
      const pickupAddress = pickup?.address ?? ''
      return (
        <>
          <table className="table table-stack">
            <caption className="visually-hidden">
              <Trans>Options, their prices and what is in stock</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Option</Trans>
                </th>
                <th scope="col">
                  <Trans>Price</Trans>
                </th>
                <th scope="col">
                  <Trans>Availability</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {variants.map((v) => {
                const name = Object.values(v.options).join(' · ') || t`Standard`
                const stock = v.stock
                return (
                  <tr key={name}>
                    <th scope="row">{name}</th>
                    <td data-label={t`Price`}>
                      <Price price={v.price} rates={rates} />
                    </td>
                    <td data-label={t`Availability`}>{stock > 0 ? t`${stock} in stock` : t`Sold out`}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
          <h3>
            <Trans>Delivery</Trans>
          </h3>
          <ul className="plain-list">
            {zones.map((zone) => (
              <li key={zone.name}>
                {zone.name}: {zone.fee.amount === 0 ? t`free` : money(zone.fee)}
              </li>
            ))}
            {pickup ? <li>{t`Pick up free at ${pickupAddress}`}</li> : null}
            {zones.length === 0 && !pickup ? (
              <li>
                <Trans>Ask the seller about delivery.</Trans>
              </li>
            ) : null}
          </ul>
        </>
      )
    }
    case 'event': {
      const event = product.details
      const until = event.endsAt ? when(event.endsAt, event.timeZone) : ''
      return (
        <>
          <dl className="details">
            <dt>
              <Trans>When</Trans>
            </dt>
            <dd>
              {when(event.startsAt, event.timeZone)}
              {until ? ` ${t`until ${until}`}` : ''}
            </dd>
            <dt>
              <Trans>Where</Trans>
            </dt>
            <dd>{whereText(event.where)}</dd>
          </dl>
          <h3>
            <Trans>Tickets</Trans>
          </h3>
          <ul className="plain-list">
            {event.ticketTypes.map((ticket) => {
              const left = ticket.left
              const saleEnds = ticket.saleEndsAt ? when(ticket.saleEndsAt, event.timeZone) : ''
              return (
                <li key={ticket.name}>
                  {ticket.name}:{' '}
                  {ticket.price.amount === 0 ? t`free` : <Price price={ticket.price} rates={rates} />}
                  {left === 0 ? <strong> · {t`sold out`}</strong> : null}
                  {left !== undefined && left > 0 && left <= 10 ? (
                    <span className="muted"> · {t`${left} left`}</span>
                  ) : null}
                  {saleEnds ? <span className="muted"> · {t`on sale until ${saleEnds}`}</span> : null}
                </li>
              )
            })}
          </ul>
        </>
      )
    }
    case 'membership':
      // Its tiers, their perks and prices are the join section's, beside the price.
      return null
  }
}

/** What a buyer gets, in one line and then in the kind's own details. */
export function WhatYouGet({ product, rates }: { product: PublicProduct; rates: Rates }) {
  return (
    <section className="product-section" aria-labelledby="get-heading">
      <h2 id="get-heading">
        <Trans>What you get</Trans>
      </h2>
      <p className="product-promise">{promise(product)}</p>
      <KindFacts product={product} rates={rates} />
    </section>
  )
}

/** Refunds as Soko runs them: in full, back the way the buyer paid, while the earnings are still held. */
export function RefundTerms({ product }: { product: PublicProduct }) {
  const ends = {
    digital: t`The files stop downloading once an order is refunded.`,
    service: t`A refunded booking is cancelled.`,
    merch: t`An item already sent is refunded as you and the seller agree.`,
    event: t`A refunded ticket no longer opens the door.`,
    membership: t`A refund ends the period it paid for.`,
  }[product.kind]
  return (
    <section className="product-section" aria-labelledby="refund-heading">
      <h2 id="refund-heading">
        <Trans>Refunds and help</Trans>
      </h2>
      <ul className="checks">
        <li>
          <Trans>
            The seller can refund an order in full, back the way you paid: M-Pesa to your phone, or your card
            or PayPal.
          </Trans>{' '}
          {ends}
        </li>
        <li>
          <Trans>
            Soko holds the seller’s earnings from each sale for a while after it is paid, so a refund can
            still be paid.
          </Trans>
        </li>
        <li>
          <Trans>
            Something wrong with an order? <Link to="/contact-us">Contact Soko</Link> with the e-mail you paid
            with: a person answers within one working day.
          </Trans>
        </li>
      </ul>
    </section>
  )
}
