// The formatter lives in contract/ so the server's mails and the pages write money the same way.
import { type CurrencyCode, currencies } from '../../contract/currencies'

export { formatMoney } from '../../contract/format-money'

/** An amount as a form shows it to edit: `1500.50` for 150050 minor units of KES. */
export function majorText(amount: number, currency: CurrencyCode): string {
  const digits = currencies[currency].minorUnits
  return (amount / 10 ** digits).toFixed(digits)
}

/** `1,500.50` → 150050 minor units; null when it is not an amount. */
export function toMinor(text: string, currency: CurrencyCode): number | null {
  const clean = text.replace(/[,\s]/g, '')
  if (!/^\d+(\.\d+)?$/.test(clean)) return null
  return Math.round(Number(clean) * 10 ** currencies[currency].minorUnits)
}

/** `1 USD = 133.33 KES`, said from the stronger currency's side so the figure is not 0.0075. */
export function exchangeRateText(rate: number, from: string, to: string): string {
  return rate >= 1 ? `1 ${from} = ${rate.toFixed(2)} ${to}` : `1 ${to} = ${(1 / rate).toFixed(2)} ${from}`
}
