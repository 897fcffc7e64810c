import { formatMoney } from '../../../contract/format-money'

/** Money and instants in payout mails, texts and timelines, written the way the app writes them. */

export const money = (amount: number, currency: string) => formatMoney(amount, currency, 'en')

/** `Nov 24, 2026, 6:00 AM EAT`, in the seller's zone. */
export function when(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at)
}
