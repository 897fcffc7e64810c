import { Link } from '@tanstack/react-router'
import type { WeeklySlot } from '../../../contract/catalog.contract'
import type { PublicPlace, PublicProduct, Rates } from '../../../contract/storefront'
import { formatDateTime } from '../../lib/dates'
import { formatSize } from '../../lib/size'
import { money, Price } from './money'

export const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** A service's weekly hours, as the seller set them in its time zone. */
export function WeeklyHours({ slots }: { slots: WeeklySlot[] }) {
  return (
    <ul className="plain-list">
      {slots.map((slot) => (
        <li key={`${slot.day}-${slot.from}`}>
          {DAYS[slot.day]} {slot.from}–{slot.to}
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
  where.kind === 'online' ? 'Online (the link comes with your booking)' : where.address

/** The one line above a kind's details that says what a buyer ends up with. */
function promise(product: PublicProduct): string {
  switch (product.kind) {
    case 'digital': {
      const n = product.files.length
      const size = formatSize(product.files.reduce((sum, file) => sum + file.size, 0))
      return n === 0
        ? 'Files to download, yours to keep.'
        : `${n === 1 ? 'One file' : `${n} files`}, ${size}, yours to keep on any device.`
    }
    case 'service':
      return `A ${product.details.durationMinutes}-minute session at a time you choose; the confirmation comes by e-mail.`
    case 'merch':
      return 'The item in the option you choose, delivered or picked up as the seller offers.'
    case 'event':
      return 'A ticket with a QR code, by e-mail and in your purchases, to show at the door.'
  }
}

function KindFacts({ product, rates }: { product: PublicProduct; rates: Rates }) {
  switch (product.kind) {
    case 'digital': {
      const d = product.details
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
            Download straight after paying, and again any time from your purchases
            {d.downloadLimit ? ` (up to ${d.downloadLimit} downloads)` : ''}.
          </p>
        </>
      )
    }
    case 'service': {
      const d = product.details
      return (
        <dl className="details">
          <dt>Length</dt>
          <dd>{d.durationMinutes} minutes</dd>
          <dt>Where</dt>
          <dd>{whereText(d.where)}</dd>
          <dt>Usual hours ({d.timeZone})</dt>
          <dd>
            <WeeklyHours slots={d.availability} />
          </dd>
          <dt>Book ahead</dt>
          <dd>Up to {d.bookAheadDays} days</dd>
        </dl>
      )
    }
    case 'merch': {
      const { variants, shippingZones: zones, pickup } = product.details
      return (
        <>
          <table className="table table-stack">
            <caption className="visually-hidden">Options, their prices and what is in stock</caption>
            <thead>
              <tr>
                <th scope="col">Option</th>
                <th scope="col">Price</th>
                <th scope="col">Availability</th>
              </tr>
            </thead>
            <tbody>
              {variants.map((v) => {
                const name = Object.values(v.options).join(' · ') || 'Standard'
                return (
                  <tr key={name}>
                    <th scope="row">{name}</th>
                    <td data-label="Price">
                      <Price price={v.price} rates={rates} />
                    </td>
                    <td data-label="Availability">{v.stock > 0 ? `${v.stock} in stock` : 'Sold out'}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
          <h3>Delivery</h3>
          <ul className="plain-list">
            {zones.map((zone) => (
              <li key={zone.name}>
                {zone.name}: {zone.fee.amount === 0 ? 'free' : money(zone.fee)}
              </li>
            ))}
            {pickup ? <li>Pick up free at {pickup.address}</li> : null}
            {zones.length === 0 && !pickup ? <li>Ask the seller about delivery.</li> : null}
          </ul>
        </>
      )
    }
    case 'event': {
      const event = product.details
      return (
        <>
          <dl className="details">
            <dt>When</dt>
            <dd>
              {when(event.startsAt, event.timeZone)}
              {event.endsAt ? ` until ${when(event.endsAt, event.timeZone)}` : ''}
            </dd>
            <dt>Where</dt>
            <dd>{whereText(event.where)}</dd>
          </dl>
          <h3>Tickets</h3>
          <ul className="plain-list">
            {event.ticketTypes.map((t) => (
              <li key={t.name}>
                {t.name}: {t.price.amount === 0 ? 'free' : <Price price={t.price} rates={rates} />}
                {t.left === 0 ? <strong> · sold out</strong> : null}
                {t.left !== undefined && t.left > 0 && t.left <= 10 ? (
                  <span className="muted"> · {t.left} left</span>
                ) : null}
                {t.saleEndsAt ? (
                  <span className="muted"> · on sale until {when(t.saleEndsAt, event.timeZone)}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )
    }
  }
}

/** What a buyer gets, in one line and then in the kind's own details. */
export function WhatYouGet({ product, rates }: { product: PublicProduct; rates: Rates }) {
  return (
    <section className="product-section" aria-labelledby="get-heading">
      <h2 id="get-heading">What you get</h2>
      <p className="product-promise">{promise(product)}</p>
      <KindFacts product={product} rates={rates} />
    </section>
  )
}

/** Refunds as Soko runs them: in full, back the way the buyer paid, while the earnings are still held. */
export function RefundTerms({ product }: { product: PublicProduct }) {
  const ends = {
    digital: 'The files stop downloading once an order is refunded.',
    service: 'A refunded booking is cancelled.',
    merch: 'An item already sent is refunded as you and the seller agree.',
    event: 'A refunded ticket no longer opens the door.',
  }[product.kind]
  return (
    <section className="product-section" aria-labelledby="refund-heading">
      <h2 id="refund-heading">Refunds and help</h2>
      <ul className="checks">
        <li>
          The seller can refund an order in full, back the way you paid: M-Pesa to your phone, or your card or
          PayPal. {ends}
        </li>
        <li>
          Soko holds the seller’s earnings from each sale for a while after it is paid, so a refund can still
          be paid.
        </li>
        <li>
          Something wrong with an order? <Link to="/contact-us">Contact Soko</Link> with the e-mail you paid
          with: a person answers within one working day.
        </li>
      </ul>
    </section>
  )
}
