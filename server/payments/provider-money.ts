import { type CurrencyCode, currencies } from '../../contract/currencies'

/**
 * Providers that speak decimal strings (PayPal's `"12.34"`) and Soko's integer minor units, converted
 * exactly: by digits, never through a float, so 0.1 + 0.2 never costs anyone a cent.
 */

export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.hasOwn(currencies, code)
}

/** 1234 KES → "12.34"; 5000 UGX → "5000" (no minor unit). */
export function toDecimal(amount: number, currency: CurrencyCode): string {
  if (!Number.isSafeInteger(amount))
    throw new RangeError(`${amount} is not a whole number of the smallest unit of ${currency}`)
  const digits = currencies[currency].minorUnits
  const sign = amount < 0 ? '-' : ''
  const text = Math.abs(amount)
    .toString()
    .padStart(digits + 1, '0')
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`
}

/**
 * "12.34" USD → 1234; "12.3" → 1230; "5000" UGX → 5000. Digits past the currency's precision are
 * accepted only when they are zeros ("5000.00" UGX), so nothing is ever rounded away.
 */
export function fromDecimal(value: string, currency: CurrencyCode): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value)
  if (!match) throw new RangeError(`"${value}" is not a decimal amount of ${currency} (like 12.34)`)
  const [, sign = '', whole = '', fraction = ''] = match
  const digits = currencies[currency].minorUnits
  if (/[^0]/.test(fraction.slice(digits)))
    throw new RangeError(`"${value}" has more decimals than ${currency} has (${digits})`)
  const minor = Number(`${whole}${fraction.slice(0, digits).padEnd(digits, '0')}`)
  if (!Number.isSafeInteger(minor)) throw new RangeError(`"${value}" ${currency} is too large an amount`)
  return sign && minor !== 0 ? -minor : minor
}

/** "KES 1,500.00", "UGX 5,000": for pages and messages, never parsed back. */
export function displayAmount(amount: number, currency: CurrencyCode): string {
  const [whole = '', fraction] = toDecimal(amount, currency).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${currency} ${fraction === undefined ? grouped : `${grouped}.${fraction}`}`
}
