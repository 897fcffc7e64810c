import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { ProductPage as ProductData } from '../../../contract/storefront'
import { usePageTitle } from '../../lib/title'
import type { Slot } from '../checkout/checkout-model'
import { SlotPicker } from '../checkout/SlotPicker'
import { Price } from './money'

/** The booking form's code, asked for as the page opens (it is needed once a time is chosen). */
const loadPanel = () => import('../checkout/Checkout').then((module) => ({ default: module.Checkout }))
const Checkout = lazy(loadPanel)

/**
 * /book/{slug}, calendar first: the service in a line, then its free days and times; choosing a time opens
 * the booking panel beside them on a wide screen, right under them on a phone (scrolled into view). A
 * product that is not a service to book never gets here: its /book address is a 404 (the route's loader).
 */
export function BookPage({ data }: { data: ProductData }) {
  const { t } = useLingui()
  const { product, seller, rates } = data
  const title = product.title
  usePageTitle(t`Book ${title}`)
  const [slot, setSlot] = useState<Slot | null>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    void loadPanel().catch(() => undefined)
  }, [])
  if (product.kind !== 'service') return null
  const d = product.details
  const minutes = d.durationMinutes
  const address = d.where.kind === 'online' ? '' : d.where.address
  const choose = (next: Slot) => {
    const opening = slot === null
    setSlot(next)
    // On a phone the panel opens under the times: brought into view once, when it opens.
    if (opening && window.matchMedia('(max-width: 56rem)').matches)
      requestAnimationFrame(() => panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }))
  }
  return (
    <section className="page book-page" aria-labelledby="book-heading">
      <header className="book-head">
        <p className="book-back">
          <Link to="/$product" params={{ product: product.slug }}>
            <Trans>About this service</Trans>
          </Link>
        </p>
        <h1 id="book-heading">{t`Book “${title}”`}</h1>
        <p className="book-facts">
          <Trans>
            With{' '}
            <Link to="/creators/$handle" params={{ handle: seller.handle }}>
              {seller.displayName}
            </Link>
          </Trans>{' '}
          · {t`${minutes} minutes`} · <Price price={product.price} rates={rates} /> ·{' '}
          {d.where.kind === 'online' ? t`Online: the link comes with your booking` : t`At ${address}`}
        </p>
      </header>
      <div className={slot ? 'book-layout book-layout-open' : 'book-layout'}>
        <div className="book-calendar">
          <SlotPicker
            productId={product.id}
            sellerTimeZone={d.timeZone ?? 'Africa/Nairobi'}
            bookAheadDays={d.bookAheadDays ?? 60}
            value={slot?.start ?? ''}
            onChange={choose}
          />
        </div>
        <div className="book-panel" ref={panelRef}>
          {slot ? (
            <Suspense fallback={<p role="status">{t`Opening the booking…`}</p>}>
              <Checkout product={product} slot={slot} />
            </Suspense>
          ) : (
            <p className="book-hint muted">{t`Choose a day and a time: the booking opens here.`}</p>
          )}
        </div>
      </div>
    </section>
  )
}
