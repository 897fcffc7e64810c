import { Link } from '@tanstack/react-router'
import type { ProductCard, Rates } from '../../../contract/storefront'
import { Photo } from '../../components/Photo'
import { CardPrice, KIND_LABELS } from './money'

export function ProductGrid({ products, rates }: { products: ProductCard[]; rates: Rates }) {
  return (
    <ul className="product-grid">
      {products.map((product, i) => (
        <li key={product.slug} className="product-card">
          <Link to="/$product" params={{ product: product.slug }} className="product-card-link">
            <span className="product-card-image">
              {product.image ? (
                <Photo
                  image={product.image}
                  alt=""
                  sizes="(min-width: 60rem) 14rem, (min-width: 40rem) 30vw, 46vw"
                  priority={i < 2}
                />
              ) : (
                <span className="product-card-placeholder" aria-hidden="true">
                  {product.title.slice(0, 1)}
                </span>
              )}
            </span>
            <span className="product-card-title">{product.title}</span>
          </Link>
          <span className="product-card-meta">
            <span className="badge">{KIND_LABELS[product.kind]}</span>{' '}
            {product.soldOut ? (
              <>
                <span className="badge badge-sold-out">Sold out</span>{' '}
              </>
            ) : null}
            <CardPrice product={product} rates={rates} />
          </span>
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
