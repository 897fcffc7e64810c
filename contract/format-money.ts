import { currencies, isCurrencyCode } from './currencies'
import { formatLocale } from './format-locale'

/** An amount in minor units as people read it, e.g. `KES 1,000.00`; whole-unit currencies show no decimals. */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  const digits = isCurrencyCode(currency) ? currencies[currency].minorUnits : 2
  return formatter(currency, digits, locale ?? formatLocale()).format(amount / 10 ** digits)
}

/** Making an Intl.NumberFormat costs far more than using one: a list of prices reuses them. */
const formatters = new Map<string, Intl.NumberFormat>()

function formatter(currency: string, digits: number, locale?: string): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}`
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })
    formatters.set(key, format)
  }
  return format
}
