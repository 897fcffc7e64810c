import { t } from '@lingui/core/macro'
import type { HomeNeed } from '../../../contract/account-home.contract'
import { formatDate, formatDateTime, formatTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'

// How the account's home words its figures and what needs the seller.

/** An invoice's due date (a calendar date, the same everywhere): `Dec 8, 2026`. */
export const dayText = (day: string) => formatDate(`${day}T12:00:00Z`, { timeZone: 'UTC' })

/**
 * This month against the same days of last month, in words (a colour alone would say nothing to a screen
 * reader or in dark mode): `Up 25% on the same days last month (KES 8,000.00)`.
 */
export function changeText(month: number, last: number, currency: string): { text: string; trend: string } {
  if (last <= 0)
    return {
      text: month > 0 ? t`No sales in the same days last month` : t`None in the same days last month either`,
      trend: 'flat',
    }
  const percent = Math.round(((month - last) / last) * 100)
  const amount = formatMoney(last, currency)
  const down = -percent
  if (percent > 0) return { text: t`Up ${percent}% on the same days last month (${amount})`, trend: 'up' }
  if (percent < 0) return { text: t`Down ${down}% on the same days last month (${amount})`, trend: 'down' }
  return { text: t`Level with the same days last month (${amount})`, trend: 'flat' }
}

/** What a need says: the link's words, where it goes, and a line under it. `zone`: the seller's. */
export function needText(need: HomeNeed, zone: string): { text: string; detail: string } {
  const due = need.amount !== null && need.currency ? formatMoney(need.amount, need.currency) : ''
  const at = need.at ?? ''
  const title = need.title
  const dueDay = dayText(need.dueDate ?? '')
  switch (need.kind) {
    case 'invoice-overdue':
      return {
        text: t`Invoice ${title}`,
        detail: t`Overdue: ${due} was due ${dueDay}`,
      }
    case 'invoice-due':
      return { text: t`Invoice ${title}`, detail: t`${due} due ${dueDay}` }
    case 'booking-today': {
      const time = formatTime(at, { timeZone: zone })
      return { text: title, detail: t`Booked today at ${time}` }
    }
    case 'event-door': {
      const start = formatDateTime(at, { weekday: true, timeZone: zone })
      return { text: t`Check in guests: ${title}`, detail: t`Starts ${start}` }
    }
    case 'payout-approval':
      return { text: t`Payout of ${title}`, detail: t`Waiting for approval by the Soko team` }
    case 'payout-failed': {
      const day = formatDate(at)
      return {
        text: t`Payout of ${title}`,
        detail: t`Failed ${day}: the money is back in your balance. See why.`,
      }
    }
    case 'destination-waiting': {
      const from = formatDateTime(at)
      return { text: title, detail: t`New destination: it can receive money from ${from}` }
    }
  }
}
