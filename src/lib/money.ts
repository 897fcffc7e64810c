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
