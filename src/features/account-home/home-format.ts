import type { HomeNeed } from '../../../contract/account-home.contract'
import { formatDate, formatDateTime, formatTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'

// How the account's home words its figures and what needs the seller.

/** `3 sales`, `1 sale`. */
export const countText = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** An invoice's due date (a calendar date, the same everywhere): `Dec 8, 2026`. */
export const dayText = (day: string) => formatDate(`${day}T12:00:00Z`, { timeZone: 'UTC' })

/**
 * This month against the same days of last month, in words (a colour alone would say nothing to a screen
 * reader or in dark mode): `Up 25% on the same days last month (KES 8,000.00)`.
 */
export function changeText(month: number, last: number, currency: string): { text: string; trend: string } {
  if (last <= 0)
    return {
      text: month > 0 ? 'No sales in the same days last month' : 'None in the same days last month either',
      trend: 'flat',
    }
  const percent = Math.round(((month - last) / last) * 100)
  const base = `the same days last month (${formatMoney(last, currency)})`
  if (percent > 0) return { text: `Up ${percent}% on ${base}`, trend: 'up' }
  if (percent < 0) return { text: `Down ${-percent}% on ${base}`, trend: 'down' }
  return { text: `Level with ${base}`, trend: 'flat' }
}

/** What a need says: the link's words, where it goes, and a line under it. `zone`: the seller's. */
export function needText(need: HomeNeed, zone: string): { text: string; detail: string } {
  const due = need.amount !== null && need.currency ? formatMoney(need.amount, need.currency) : ''
  const at = need.at ?? ''
  switch (need.kind) {
    case 'invoice-overdue':
      return {
        text: `Invoice ${need.title}`,
        detail: `Overdue: ${due} was due ${dayText(need.dueDate ?? '')}`,
      }
    case 'invoice-due':
      return { text: `Invoice ${need.title}`, detail: `${due} due ${dayText(need.dueDate ?? '')}` }
    case 'booking-today':
      return { text: need.title, detail: `Booked today at ${formatTime(at, { timeZone: zone })}` }
    case 'event-door':
      return {
        text: `Check in guests: ${need.title}`,
        detail: `Starts ${formatDateTime(at, { weekday: true, timeZone: zone })}`,
      }
    case 'payout-approval':
      return { text: `Payout of ${need.title}`, detail: 'Waiting for approval by the Soko team' }
    case 'payout-failed':
      return {
        text: `Payout of ${need.title}`,
        detail: `Failed ${formatDate(at)}: the money is back in your balance. See why.`,
      }
    case 'destination-waiting':
      return { text: need.title, detail: `New destination: it can receive money from ${formatDateTime(at)}` }
  }
}
