import { type CurrencyCode, currencies } from '../../contract/currencies'

/** An amount in minor units as people read it, e.g. `KES 1,000.00`; whole-unit currencies show no decimals. */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  const digits = currencies[currency as CurrencyCode]?.minorUnits ?? 2
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits)
}
