import { Link } from '@tanstack/react-router'
import type { ProductPage as ProductData } from '../../../contract/storefront'
import { usePageTitle } from '../../lib/title'
import { BuyButton } from '../checkout/BuyButton'
import { Price } from './money'
import { WeeklyHours } from './ProductDetails'

/** /book/{slug}: the service to book, its length, place and usual hours, and the checkout to pick a time and pay. */
export function BookPage({ data }: { data: ProductData }) {
  const { product, seller, rates } = data
  usePageTitle(`Book ${product.title}`)
  if (product.kind !== 'service')
    return (
      <section className="page narrow">
        <h1>{product.title}</h1>
        <p>
          This is not a service to book.{' '}
          <Link to="/$product" params={{ product: product.slug }}>
            See it here
          </Link>
          .
        </p>
      </section>
    )
  const d = product.details
  return (
    <section className="page narrow" aria-labelledby="book-heading">
      <p>
        <Link to="/$product" params={{ product: product.slug }}>
          Back to {product.title}
        </Link>
      </p>
      <h1 id="book-heading">Book “{product.title}”</h1>
      <p>
        With{' '}
        <Link to="/creators/$handle" params={{ handle: seller.handle }}>
          {seller.displayName}
        </Link>{' '}
        · {d.durationMinutes} minutes · <Price price={product.price} rates={rates} />
      </p>
      <p>
        {d.where.kind === 'online' ? 'Online: the link comes with your booking.' : `At ${d.where.address}`}
      </p>
      <h2>Usual hours ({d.timeZone})</h2>
      <WeeklyHours slots={d.availability} />
      <BuyButton product={product} label="Book and pay" />
    </section>
  )
}
