import { formatMoney } from '../../../contract/format-money'
import { intlLocale, type Message } from '../../../contract/i18n'
import type { Money } from '../../../contract/money'
import { escapeHtml } from '../../lib/html'
import { translate } from '../../lib/i18n'
import { pageLocale } from '../locale'
import type { PlainRequest } from './kit'

type Params = Record<string, string | number>

/**
 * A plain page's words: its language, and the reader's way of writing money, days and times (the language
 * the page is in, the region their browser names).
 */
export function wordsFor(req: PlainRequest) {
  const accept = req.c.req.header('accept-language')
  const locale = intlLocale(req.lang, accept, pageLocale(accept))
  const text = (message: Message, params?: Params) => translate(req.lang, message, params)
  return {
    locale,
    text,
    /** The message as HTML text. */
    say: (message: Message, params?: Params) => escapeHtml(text(message, params)),
    money: (m: Money) => formatMoney(m.amount, m.currency, locale),
    /** An instant as its place's day and time: `Friday, 18 December 2026 at 18:20`. */
    time: (iso: string, timeZone: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
        new Date(iso),
      ),
    /** An instant's time of day only, on a 24-hour clock. */
    clockTime: (iso: string, timeZone: string) =>
      new Intl.DateTimeFormat(locale, {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }).format(new Date(iso)),
    /** A calendar day (`2026-11-24`), the same day in every time zone. */
    day: (day: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(day.length === 10 ? `${day}T00:00:00Z` : day),
      ),
  }
}

export type Words = ReturnType<typeof wordsFor>

/** 254712345678 → `0712 345 678`, as Kenyans write it; anything else as it is. */
export function phoneText(phone: string): string {
  const match = /^(?:254|0)?([17]\d{2})(\d{3})(\d{3})$/.exec(phone.replace(/\D/g, ''))
  return match ? `0${match[1]} ${match[2]} ${match[3]}` : phone
}
