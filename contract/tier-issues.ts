import type { z } from 'zod'
import { type CurrencyCode, type money, outOfRange, type PriceLimits } from './money'
import type { membershipDetails } from './product-details.schema'
import { say } from './say'

type Issue = (path: (string | number)[], message: string) => void

/**
 * What a membership's tiers must hold beyond their shapes: each price in range for its own currency, one
 * price at most per period and currency, and the product's shown price ("from …") being the first tier's
 * first price, so a storefront card never shows a price nobody can pay.
 */
export function membershipIssues(
  details: z.output<typeof membershipDetails>,
  shown: z.infer<typeof money>,
  limits: (currency: CurrencyCode) => PriceLimits,
  issue: Issue,
): void {
  details.tiers.forEach((tier, i) => {
    const seen = new Set<string>()
    tier.prices.forEach((p, j) => {
      const path = ['details', 'tiers', i, 'prices', j]
      const key = `${p.interval}:${p.price.currency}`
      if (seen.has(key))
        issue(
          [...path, 'interval'],
          say(
            /*i18n*/ {
              id: 'product.onePricePerPeriod',
              message: 'One price per period and currency',
            },
          ),
        )
      seen.add(key)
      const why = outOfRange(p.price, 'price', limits(p.price.currency))
      if (why) issue([...path, 'price', 'amount'], why)
    })
  })
  const first = details.tiers[0]?.prices[0]?.price
  if (first && (first.amount !== shown.amount || first.currency !== shown.currency))
    issue(
      ['price', 'amount'],
      say(
        /*i18n*/ {
          id: 'product.membershipShownPrice',
          message: 'A membership’s price is its first tier’s first price',
        },
      ),
    )
}
