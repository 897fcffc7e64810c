import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { ProductCard, Rates } from '../../../contract/storefront'
import { Photo } from '../../components/Photo'
import { CardPrice, kindLabel } from './money'

/**
 * Products as cards: photo, title, price, kind and whether it is sold out. The title's link covers the
 * whole card, so the card is one large target; the seller's name is a link of its own above it.
 */
export function ProductGrid({
  products,
  rates,
  eager = 2,
}: {
  products: ProductCard[]
  rates: Rates
  /** How many of the first photos load at once (the rest when near the screen). */
  eager?: number
}) {
  return (
    <ul className="product-grid">
      {products.map((product, i) => (
        <li key={product.slug} className="product-card" data-sold-out={product.soldOut || undefined}>
          <Link to="/$product" params={{ product: product.slug }} className="product-card-link">
            <span className="product-card-image">
              {product.image ? (
                <Photo
                  image={product.image}
                  alt=""
                  sizes="(min-width: 72rem) 17rem, (min-width: 48rem) 30vw, 46vw"
                  priority={i < eager}
                />
              ) : (
                <span className="product-card-placeholder" aria-hidden="true">
                  {product.title.slice(0, 1)}
                </span>
              )}
            </span>
            <span className="product-card-title">{product.title}</span>
          </Link>
          <p className="product-card-badges">
            <span className="badge badge-kind">{kindLabel(product.kind)}</span>{' '}
            {product.soldOut ? (
              <span className="badge badge-sold-out">
                <Trans>Sold out</Trans>
              </span>
            ) : null}
          </p>
          <p className="product-card-price">
            <CardPrice product={product} rates={rates} />
          </p>
          <Link
            to="/creators/$handle"
            params={{ handle: product.seller.handle }}
            className="product-card-seller"
          >
            {product.seller.displayName}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** A titled row of product cards with a link to see more, as the home page shows them. */
export function ProductShelf({
  id,
  title,
  more,
  children,
}: {
  id: string
  title: string
  more: ReactNode
  children: ReactNode
}) {
  return (
    <section className="shelf" aria-labelledby={id}>
      <div className="shelf-head">
        <h2 id={id}>{title}</h2>
        {more}
      </div>
      {children}
    </section>
  )
}
