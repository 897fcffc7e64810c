import { z } from 'zod'
import { CURRENCY_LIMITS, type CurrencyCode, currencyCodes } from './currencies'
import { formatMoney } from './format-money'
import { say } from './say'

export { CURRENCY_LIMITS, type CurrencyCode, currencies, currencyCodes } from './currencies'

export const currencyCode = z.enum(currencyCodes, {
  error: () =>
    say(
      /*i18n*/ {
        id: 'money.unsupportedCurrency',
        message: 'Use one of the supported currencies: {currencies}',
      },
      {
        currencies: currencyCodes.join(', '),
      },
    ),
})

/**
 * Money is always an integer number of minor units plus its currency, never a float, and never below
 * zero: what moves the other way is a refund or a payout, not a negative price.
 */
export const money = z.object({
  amount: z
    .number({ error: say(/*i18n*/ { id: 'money.giveAmount', message: 'Give an amount' }) })
    .int(
      say(
        /*i18n*/ {
          id: 'money.amountsWholeNumbersSmallest',
          message: 'Amounts are whole numbers of the smallest unit (cents)',
        },
      ),
    )
    .min(0, say(/*i18n*/ { id: 'money.amountCannotNegative', message: 'An amount cannot be negative' }))
    .max(
      Number.MAX_SAFE_INTEGER,
      say(/*i18n*/ { id: 'money.amountTooLarge', message: 'That amount is too large' }),
    ),
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

/** An amount out of a currency's range, by what it is. */
const HIGHEST_FEE = /*i18n*/ { id: 'money.highestFee', message: 'The highest fee in {currency} is {amount}' }
const HIGHEST_PRICE = /*i18n*/ {
  id: 'money.highestPrice',
  message: 'The highest price in {currency} is {amount}',
}
const LOWEST_PRICE = /*i18n*/ {
  id: 'money.lowestPrice',
  message: 'The lowest price in {currency} is {amount}',
}
const LOWEST_PRICE_OR_FREE = /*i18n*/ {
  id: 'money.lowestPriceOrFree',
  message: 'The lowest price in {currency} is {amount}, or 0 for free',
}

/** Why an amount is outside the range for its currency and its use, or null when it is inside. */
export function outOfRange(
  m: Money,
  use: AmountUse,
  limits: PriceLimits = CURRENCY_LIMITS[m.currency],
): string | null {
  const { minPrice, maxPrice } = limits
  const params = (amount: number) => ({ currency: m.currency, amount: formatMoney(amount, m.currency) })
  if (m.amount > maxPrice) return say(use === 'fee' ? HIGHEST_FEE : HIGHEST_PRICE, params(maxPrice))
  if (use === 'fee' || (use === 'price-or-free' && m.amount === 0)) return null
  if (m.amount < minPrice)
    return say(use === 'price-or-free' ? LOWEST_PRICE_OR_FREE : LOWEST_PRICE, params(minPrice))
  return null
}
