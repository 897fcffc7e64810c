import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { convertApprox, currencyForCountry } from '../../../contract/currencies'
import type { Money } from '../../../contract/money'
import type { ProductCard, Rates } from '../../../contract/storefront'
import { cachedLocation, countryOf, VISITOR_CURRENCY_KEY } from '../../lib/geo'
import { formatMoney } from '../../lib/money'

/** The visitor's own currency, from the cached location (US dollars when unknown). */
export function useVisitorCurrency() {
  return useQuery({
    queryKey: VISITOR_CURRENCY_KEY,
    queryFn: async () => currencyForCountry(countryOf(await cachedLocation())),
    staleTime: Number.POSITIVE_INFINITY,
  }).data
}

export const money = (m: Money) => formatMoney(m.amount, m.currency)

/**
 * A price as the seller set it (what is charged), and under it, when the visitor thinks in another
 * currency, the approximate figure at the admin's rates, labelled as such. The line under the price is
 * there from the first paint, empty until the visitor's currency is known (the server cannot know it), so
 * nothing below the price moves when the figure appears.
 */
export function Price({ price, rates, prefix = '' }: { price: Money; rates: Rates; prefix?: string }) {
  const currency = useVisitorCurrency()
  const approx = currency ? convertApprox(price, currency, rates.perUsd) : null
  const approxText = approx ? money(approx) : ''
  const charged = price.currency
  return (
    <span className="price">
      <span className="price-charged">
        {prefix}
        {money(price)}
      </span>
      <span className="price-approx">
        {approx && approx.currency !== price.currency ? (
          <>
            {' '}
            <Trans>
              (about {approxText}
              <span className="visually-hidden">, approximate: you pay in {charged}</span>)
            </Trans>
          </>
        ) : null}
      </span>
    </span>
  )
}

/** What a card says a product costs: free, from a minimum, or its price. */
export function CardPrice({ product, rates }: { product: ProductCard; rates: Rates }) {
  const { t } = useLingui()
  const from = `${t`From`} `
  if (product.free)
    return (
      <span className="price">
        <Trans>Free</Trans>
      </span>
    )
  if (product.minimum) return <Price price={product.minimum} rates={rates} prefix={from} />
  return (
    <Price
      price={product.price}
      rates={rates}
      prefix={product.kind === 'event' || product.kind === 'membership' ? from : ''}
    />
  )
}

/** A product's kind in the page's language (KIND_LABELS is the English). */
export function kindLabel(kind: keyof typeof KIND_LABELS): string {
  switch (kind) {
    case 'digital':
      return t`Digital product`
    case 'service':
      return t`Service`
    case 'merch':
      return t`Merch`
    case 'event':
      return t`Event`
    case 'membership':
      return t`Membership`
  }
}

export const KIND_LABELS = {
  // i18n-ignore: the English names, for the type; kindLabel says them in the page's language
  digital: 'Digital product',
  service: 'Service',
  merch: 'Merch',
  event: 'Event',
  membership: 'Membership',
} as const
