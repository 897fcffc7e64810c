import { formatMoney } from '../../../contract/format-money'
import { intlLocale, type Lang } from '../../../contract/i18n'
import type { PayoutRail } from '../../../contract/payouts.constants'

/** Money and instants in payout mails, texts and timelines, written the way the app writes them. */

/** The rails by name, as stored texts and alerts say them. */
export const RAIL_NAMES: Record<PayoutRail, string> = { mpesa: 'M-Pesa', paypal: 'PayPal', bank: 'the bank' }

export const money = (amount: number, currency: string) => formatMoney(amount, currency, 'en')

/** Money in a seller's language: as before in English, Kenya's Kiswahili otherwise. */
export const moneyIn = (lang: Lang, amount: number, currency: string) =>
  lang === 'en'
    ? money(amount, currency)
    : formatMoney(amount, currency, intlLocale(lang, undefined, 'en-KE'))

/** How an instant is written: date, time and the zone's short name. */
const WHEN_PARTS: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
}

/** `Nov 24, 2026, 6:00 AM EAT`, in the seller's zone. */
export function when(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { ...WHEN_PARTS, timeZone }).format(at)
}

/** An instant as `when` writes it, in the reader's language (Kiswahili as written in Kenya). */
export function whenIn(lang: Lang, at: Date, timeZone: string): string {
  if (lang === 'en') return when(at, timeZone)
  return new Intl.DateTimeFormat(intlLocale(lang, undefined, 'en-KE'), { ...WHEN_PARTS, timeZone }).format(at)
}

/**
 * A scheduled run as the seller reads it, in their zone: `Friday 4 December, 06:00` (the hour on 24 hours,
 * as runs are said everywhere: 06:00 your time).
 */
export function runWords(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute}`
}
