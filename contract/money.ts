import { z } from 'zod'
import { CURRENCY_LIMITS, type CurrencyCode, currencyCodes } from './currencies'
import { formatMoney } from './format-money'

export { CURRENCY_LIMITS, type CurrencyCode, currencies, currencyCodes } from './currencies'

export const currencyCode = z.enum(currencyCodes, {
  error: () => `Use one of the supported currencies: ${currencyCodes.join(', ')}`,
})

/**
 * Money is always an integer number of minor units plus its currency, never a float, and never below
 * zero: what moves the other way is a refund or a payout, not a negative price.
 */
export const money = z.object({
  amount: z
    .number({ error: 'Give an amount' })
    .int('Amounts are whole numbers of the smallest unit (cents)')
    .min(0, 'An amount cannot be negative')
    .max(Number.MAX_SAFE_INTEGER, 'That amount is too large'),
  currency: currencyCode,
})

export type Money = z.infer<typeof money>

/** What an amount is for: a price (a seller's least is the minimum), a price that may be 0, or a fee. */
export type AmountUse = 'price' | 'price-or-free' | 'fee'

/** The range a price may take in one currency, in minor units. */
export interface PriceLimits {
  minPrice: number
  maxPrice: number
}

/**
 * The widest range an admin may set for prices (the limits in force are the platform's terms, checked by
 * the server): at least one minor unit, at most a hundred times the standard highest price.
 */
export function widestPriceLimits(currency: CurrencyCode): PriceLimits {
  return { minPrice: 1, maxPrice: CURRENCY_LIMITS[currency].maxPrice * 100 }
}

/** Why an amount is outside the range for its currency and its use, or null when it is inside. */
export function outOfRange(
  m: Money,
  use: AmountUse,
  limits: PriceLimits = CURRENCY_LIMITS[m.currency],
): string | null {
  const { minPrice, maxPrice } = limits
  if (m.amount > maxPrice)
    return `The highest ${use === 'fee' ? 'fee' : 'price'} in ${m.currency} is ${formatMoney(maxPrice, m.currency)}`
  if (use === 'fee' || (use === 'price-or-free' && m.amount === 0)) return null
  if (m.amount < minPrice)
    return `The lowest price in ${m.currency} is ${formatMoney(minPrice, m.currency)}${use === 'price-or-free' ? ', or 0 for free' : ''}`
  return null
}
