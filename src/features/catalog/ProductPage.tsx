import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { WeeklySlot } from '../../../contract/catalog.contract'
import type {
  ProductPage as ProductPageData,
  PublicPlace,
  PublicProduct,
  Rates,
} from '../../../contract/storefront'
import { Photo } from '../../components/Photo'
import { formatDateTime } from '../../lib/dates'
import { formatSize } from '../../lib/size'
import { usePageTitle } from '../../lib/title'
import { BuyButton } from '../checkout/BuyButton'
import { CardPrice, KIND_LABELS, money, Price } from './money'

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

function Gallery({ product }: { product: PublicProduct }) {
  const [shown, setShown] = useState(0)
  const image = product.images[shown]
  if (!image) return null
  return (
    <div className="gallery">
      <Photo
        image={image}
        alt={product.title}
        sizes="(min-width: 60rem) 36rem, 100vw"
        priority={shown === 0}
      />
      {product.images.length > 1 ? (
        <ul className="gallery-thumbs" aria-label="Photos">
          {product.images.map((thumb, i) => (
            <li key={thumb.id}>
              <button
                type="button"
                onClick={() => setShown(i)}
                aria-pressed={i === shown}
                aria-label={`Photo ${i + 1} of ${product.images.length}`}
              >
                <Photo image={thumb} alt="" sizes="4rem" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

function KindDetails({ product, rates }: { product: PublicProduct; rates: Rates }) {
  switch (product.kind) {
    case 'digital': {
      const d = product.details
      return (
        <section aria-labelledby="files-heading">
          <h2 id="files-heading">What you get</h2>
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
        </section>
      )
    }
    case 'service': {
      const d = product.details
      return (
        <section aria-labelledby="service-heading">
          <h2 id="service-heading">The session</h2>
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
        </section>
      )
    }
    case 'merch': {
      const { variants, shippingZones: zones, pickup } = product.details
      return (
        <section aria-labelledby="merch-heading">
          <h2 id="merch-heading">Options</h2>
          <table className="table">
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
                    <td>{name}</td>
                    <td>
                      <Price price={v.price} rates={rates} />
                    </td>
                    <td>{v.stock > 0 ? `${v.stock} in stock` : 'Sold out'}</td>
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
        </section>
      )
    }
    case 'event': {
      const event = product.details
      const tickets = event.ticketTypes
      return (
        <section aria-labelledby="event-heading">
          <h2 id="event-heading">The event</h2>
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
            {tickets.map((t) => (
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
        </section>
      )
    }
  }
}

/** Services are booked on /book/{slug}; everything else opens the checkout in place, unless sold out. */
function Buy({ product }: { product: PublicProduct }) {
  if (product.soldOut)
    return (
      <p className="sold-out-note">
        <span className="badge badge-sold-out">Sold out</span>{' '}
        {product.kind === 'event'
          ? 'Every ticket has gone. Follow the seller for their next event.'
          : 'Nothing is left in stock right now. Check back soon, or see what else the seller offers.'}
      </p>
    )
  if (product.kind === 'service')
    return (
      <Link to="/book/$slug" params={{ slug: product.slug }} className="button">
        Book a time
      </Link>
    )
  const label = { digital: product.free ? 'Get it free' : 'Buy now', merch: 'Buy', event: 'Get tickets' }[
    product.kind
  ]
  return <BuyButton product={product} label={label} />
}

export function ProductPage({ data }: { data: ProductPageData }) {
  const { product, seller, rates } = data
  usePageTitle(product.title)
  return (
    <article className="page product-page" aria-labelledby="product-heading">
      <Gallery product={product} />
      <div className="product-summary">
        <p className="badge">{KIND_LABELS[product.kind]}</p>
        <h1 id="product-heading">{product.title}</h1>
        <p className="product-price">
          <CardPrice product={product} rates={rates} />
          {product.minimum ? (
            <span className="muted"> · pay what you want, suggested {money(product.price)}</span>
          ) : null}
        </p>
        <p className="muted price-note">
          You pay in {product.price.currency}. Other currencies are shown at approximate rates.
        </p>
        <Buy product={product} />
        <p className="product-seller">
          By{' '}
          <Link to="/creators/$handle" params={{ handle: seller.handle }}>
            {seller.displayName}
          </Link>
        </p>
      </div>
      {product.description ? (
        <div
          className="rich-text"
          // Sanitised by the server when the seller saved it (server/features/catalog/rich-text.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: an allow-list of tags, sanitised on save
          dangerouslySetInnerHTML={{ __html: product.description }}
        />
      ) : null}
      <KindDetails product={product} rates={rates} />
    </article>
  )
}
