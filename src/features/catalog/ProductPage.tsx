import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { Creator, ProductPage as ProductPageData, PublicProduct } from '../../../contract/storefront'
import { Avatar } from '../../components/Avatar'
import { Icon } from '../../components/Icon'
import { Photo } from '../../components/Photo'
import { Share } from '../../components/Share'
import { countryName } from '../../lib/country'
import { usePageTitle } from '../../lib/title'
import { BuyButton } from '../checkout/BuyButton'
import { CardPrice, kindLabel, money } from './money'
import { RefundTerms, WhatYouGet } from './ProductDetails'
import { tiers } from './tiers-view'

function Gallery({ product }: { product: PublicProduct }) {
  const { t } = useLingui()
  const photoCount = product.images.length
  const photoLabel = (n: number) => t`Photo ${n} of ${photoCount}`
  const [shown, setShown] = useState(0)
  const image = product.images[shown]
  if (!image)
    return (
      <div className="gallery gallery-empty" aria-hidden="true">
        {product.title.slice(0, 1)}
      </div>
    )
  return (
    <div className="gallery">
      <Photo
        image={image}
        alt={product.title}
        sizes="(min-width: 72rem) 40rem, (min-width: 48rem) 55vw, 100vw"
        priority={shown === 0}
      />
      {product.images.length > 1 ? (
        <ul className="gallery-thumbs" aria-label={t`Photos`}>
          {product.images.map((thumb, i) => (
            <li key={thumb.id}>
              <button
                type="button"
                onClick={() => setShown(i)}
                aria-pressed={i === shown}
                aria-label={photoLabel(i + 1)}
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

/** Services are booked on /book/{slug}; everything else opens the checkout in place, unless sold out. */
function Buy({ product }: { product: PublicProduct }) {
  const { t } = useLingui()
  if (product.soldOut)
    return (
      <p className="sold-out-note">
        <span className="badge badge-sold-out">
          <Trans>Sold out</Trans>
        </span>{' '}
        {product.kind === 'event'
          ? t`Every ticket has gone. Follow the seller for their next event.`
          : t`Nothing is left in stock right now. Check back soon, or see what else the seller offers.`}
      </p>
    )
  if (product.kind === 'service')
    return (
      <Link to="/book/$slug" params={{ slug: product.slug }} className="button">
        <Trans>Book a time</Trans>
      </Link>
    )
  if (product.kind === 'membership') {
    const Tiers = tiers.view
    return (
      <Suspense fallback={null}>
        <Tiers product={product} />
      </Suspense>
    )
  }
  const label = {
    digital: product.free ? t`Get it free` : t`Buy now`,
    merch: t`Buy`,
    event: t`Get tickets`,
  }[product.kind]
  return <BuyButton product={product} label={label} />
}

/** Who sells it: enough to trust them, and the way to the rest of what they sell. */
function SellerCard({ seller }: { seller: Creator }) {
  const { t } = useLingui()
  const since = new Date(seller.since).getFullYear()
  const name = seller.displayName
  return (
    <aside className="card seller-card" aria-labelledby="seller-heading">
      <h2 id="seller-heading" className="visually-hidden">
        <Trans>The seller</Trans>
      </h2>
      <div className="seller-card-head">
        <Avatar name={seller.displayName} avatar={seller.avatar} lazy />
        <div>
          <Link to="/creators/$handle" params={{ handle: seller.handle }} className="seller-card-name">
            {seller.displayName}
          </Link>
          <p className="muted">
            {countryName(seller.country)} · <Trans>on Soko since {since}</Trans> ·{' '}
            {t`${plural(seller.productCount, { one: '# product', other: '# products' })}`}
          </p>
        </div>
      </div>
      {seller.bio ? <p className="seller-card-bio">{seller.bio}</p> : null}
      <Link to="/creators/$handle" params={{ handle: seller.handle }} className="button secondary">
        <Trans>
          Visit the storefront<span className="visually-hidden"> of {name}</span>
        </Trans>
      </Link>
    </aside>
  )
}

export function ProductPage({ data }: { data: ProductPageData }) {
  const { t } = useLingui()
  const { product, seller, rates } = data
  usePageTitle(product.title)
  const suggested = money(product.price)
  const currency = product.price.currency
  const title = product.title
  const sellerName = seller.displayName
  return (
    <article className="page product-page" aria-labelledby="product-heading">
      <div className="product-media">
        <Gallery product={product} />
      </div>
      <div className="product-summary">
        <p className="product-badges">
          <span className="badge badge-kind">{kindLabel(product.kind)}</span>
        </p>
        <h1 id="product-heading">{product.title}</h1>
        <p className="product-seller">
          <Trans>
            By{' '}
            <Link to="/creators/$handle" params={{ handle: seller.handle }}>
              {sellerName}
            </Link>
          </Trans>
        </p>
        <p className="product-price">
          <CardPrice product={product} rates={rates} />
          {product.minimum ? (
            <span className="muted">
              {' '}
              · <Trans>pay what you want, suggested {suggested}</Trans>
            </span>
          ) : null}
        </p>
        <p className="muted price-note">
          <Trans>You pay in {currency}. Other currencies are shown at approximate rates.</Trans>
        </p>
        <div className="buy-box">
          <p className="buy-box-price" aria-hidden="true">
            <CardPrice product={product} rates={rates} />
          </p>
          <Buy product={product} />
        </div>
        <Reminded />
        <ul className="trust">
          <li>
            <Icon name="shield" size={18} />{' '}
            {product.kind === 'membership' ? (
              <Trans>Pay by card or PayPal</Trans>
            ) : (
              <Trans>Pay by M-Pesa, card or PayPal</Trans>
            )}
          </li>
          <li>
            <Icon name="check" size={18} /> <Trans>Refunds go back the way you paid</Trans>
          </li>
        </ul>
        <Share title={product.title} text={t`${title} by ${sellerName} on Soko`} />
      </div>
      <div className="product-body">
        {product.description ? (
          <div
            className="rich-text"
            // Sanitised by the server when the seller saved it (server/features/catalog/rich-text.ts).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: an allow-list of tags, sanitised on save
            dangerouslySetInnerHTML={{ __html: product.description }}
          />
        ) : null}
        <WhatYouGet product={product} rates={rates} />
        <RefundTerms product={product} />
        <Report productId={product.id} />
      </div>
      <SellerCard seller={seller} />
    </article>
  )
}

const StopReminders = lazy(() => import('./StopReminders'))

/** Opened from a checkout reminder's link (`?r=`): the way to stop reminders, loaded only then. */
function Reminded() {
  const [shown, setShown] = useState(false)
  useEffect(() => setShown(new URLSearchParams(location.search).has('r')), [])
  return shown ? (
    <Suspense fallback={null}>
      <StopReminders />
    </Suspense>
  ) : null
}

const ReportForm = lazy(() => import('./ReportProduct'))

/**
 * "Report this product", its form loaded only when opened. On a slow link the page can be tapped before
 * the app has taken it over: the browser then opens the details itself, and the form loads once the app
 * notices.
 */
function Report({ productId }: { productId: string }) {
  const [open, setOpen] = useState(false)
  const details = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    if (details.current?.open) setOpen(true)
  }, [])
  return (
    <details ref={details} className="report-product" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <Trans>Report this product</Trans>
      </summary>
      {open ? (
        <Suspense
          fallback={
            <p role="status">
              <Trans>Loading…</Trans>
            </p>
          }
        >
          <ReportForm productId={productId} />
        </Suspense>
      ) : null}
    </details>
  )
}
