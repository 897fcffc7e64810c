import type { Lang } from '../../contract/i18n'

/**
 * Times as people read them in mails and texts, in a given zone and named: never an ISO string. English
 * with day before month ("Tue 24 Nov"), as Soko's mails are written.
 */

/** English as Soko's mails have always written it; Kiswahili as written in Kenya. */
function whenLocale(lang: Lang): string {
  return lang === 'sw' ? 'sw-KE' : 'en-GB'
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function format(
  iso: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
  locale = 'en-GB',
): string {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, ...options })
    formatters.set(key, formatter)
  }
  return formatter.format(new Date(iso))
}

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' }
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }

/** `Tue 24 Nov, 10:00–11:00 EAT`: a booked time in the reader's zone. */
export function slotText(slot: { start: string; end: string }, timeZone: string, lang: Lang = 'en'): string {
  const locale = whenLocale(lang)
  return `${format(slot.start, timeZone, { ...DAY, ...TIME }, locale)}–${format(
    slot.end,
    timeZone,
    { ...TIME, timeZoneName: 'short' },
    locale,
  )}`
}

/** `Tue 24 Nov, 10:00 EAT`: an instant in the reader's zone. */
export function dayTimeText(iso: string, timeZone: string, lang: Lang = 'en'): string {
  return format(iso, timeZone, { ...DAY, ...TIME, timeZoneName: 'short' }, whenLocale(lang))
}
