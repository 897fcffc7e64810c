/**
 * Money as PayPal counts it, which is not as Soko does: the currencies PayPal's REST APIs take (not Soko's
 * list, so KES is refused and JPY taken), each with the decimals PayPal allows, and the sandbox's fees. The
 * sandbox does its sums in integer minor units of PayPal's precision, converted by digits, never floats.
 */

/**
 * PayPal's currency codes and how many decimals PayPal takes in each. HUF, JPY and TWD take none: an amount
 * with decimals is refused, even HUF's, which ISO 4217 gives two. BRL, CNY and MYR are for accounts in
 * their own country only, which the sandbox does not tell apart.
 */
export const PAYPAL_CURRENCIES: Readonly<Record<string, 0 | 2>> = {
  AUD: 2,
  BRL: 2,
  CAD: 2,
  CNY: 2,
  CZK: 2,
  DKK: 2,
  EUR: 2,
  HKD: 2,
  HUF: 0,
  ILS: 2,
  JPY: 0,
  MYR: 2,
  MXN: 2,
  TWD: 0,
  NZD: 2,
  NOK: 2,
  PHP: 2,
  PLN: 2,
  GBP: 2,
  SGD: 2,
  SEK: 2,
  CHF: 2,
  THB: 2,
  USD: 2,
}

/** The decimals PayPal takes in `currency`; null when PayPal does not take the currency. */
export function decimalsOf(currency: string): 0 | 2 | null {
  return Object.hasOwn(PAYPAL_CURRENCIES, currency) ? (PAYPAL_CURRENCIES[currency] ?? null) : null
}

/**
 * A decimal amount PayPal takes, in minor units: "12.3" USD → 1230, "500" JPY → 500. Null when it has more
 * decimals than the currency allows, or is too large to count exactly.
 */
export function toMinor(value: string, currency: string): number | null {
  const digits = decimalsOf(currency)
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value)
  if (digits === null || !match) return null
  const [, whole = '', fraction = ''] = match
  if (fraction.length > digits) return null
  const minor = Number(`${whole}${fraction.padEnd(digits, '0')}`)
  return Number.isSafeInteger(minor) ? minor : null
}

/** Minor units as PayPal writes them: 1230 USD → "12.30", 500 JPY → "500". */
export function toValue(minor: number, currency: string): string {
  const digits = decimalsOf(currency) ?? 2
  const text = String(minor).padStart(digits + 1, '0')
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`
}

/** An amount in PayPal's shape. */
export const amountOf = (minor: number, currency: string) => ({
  currency_code: currency,
  value: toValue(minor, currency),
})

// --- The sandbox's fees ---

/**
 * The fixed part of the sandbox's fee, per currency, in minor units: some 30 to 60 US cents in each (the
 * sandbox's own figures, modelled on the shape of PayPal's standard rate, not a quote of it).
 */
const FIXED_FEE: Readonly<Record<string, number>> = {
  AUD: 59,
  BRL: 290,
  CAD: 59,
  CNY: 290,
  CZK: 1000,
  DKK: 290,
  EUR: 39,
  HKD: 379,
  HUF: 149,
  ILS: 160,
  JPY: 49,
  MYR: 200,
  MXN: 900,
  TWD: 14,
  NZD: 69,
  NOK: 390,
  PHP: 2500,
  PLN: 189,
  GBP: 29,
  SGD: 69,
  SEK: 390,
  CHF: 49,
  THB: 1500,
  USD: 49,
}

/** The sandbox's percentage, in hundredths of a percent: 3.49 %. */
const RATE_BASIS_POINTS = 349n

/** The percentage part of the fee on `minor`, rounded half up to the currency's minor unit. */
function percentage(minor: number): number {
  return Number((BigInt(minor) * RATE_BASIS_POINTS + 5_000n) / 10_000n)
}

/**
 * The sandbox's fee on a capture of `gross` minor units: 3.49 % rounded half up, plus the fixed fee, never
 * more than the capture itself. The seller receives `gross - fee`.
 */
export function captureFee(gross: number, currency: string): number {
  return Math.min(gross, percentage(gross) + (FIXED_FEE[currency] ?? 0))
}

/**
 * The part of the capture's fee that refunds give back, once `refunded` minor units of it have been
 * refunded in all: the percentage on what was refunded (the fixed fee is kept), never more than the fee.
 * A refund gives back the difference between this after it and before it, so partial refunds add up to
 * exactly what a full one would.
 */
export function feeReturned(refunded: number, gross: number, currency: string): number {
  return Math.min(percentage(refunded), captureFee(gross, currency))
}
