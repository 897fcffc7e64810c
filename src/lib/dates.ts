import { formatLocale } from '../../contract/format-locale'

/**
 * Dates as Soko shows them, one way on every page: the short month, the day and the year
 * (`Nov 23, 2026` in US English, `23 Nov 2026` in British English: the visitor's language orders the
 * parts, as it does for prices), with the time after it where a time matters (`Nov 23, 2026, 6:00 PM`).
 * Pages never format a date themselves.
 */

type DateInput = Date | string | number

export interface DateOptions {
  /** The zone to show it in (an event's or a booking's own); the browser's when left out. */
  timeZone?: string | undefined
  /** Lead with the short weekday, `Mon, Nov 23, 2026`, where the day of the week helps (bookings). */
  weekday?: boolean | undefined
  /** The language to write it in: the page's (contract/format-locale.ts) when left out (tests name one). */
  locale?: string | undefined
}

const DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' }
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' }

/** Making an Intl.DateTimeFormat costs far more than using one: lists of dates reuse them. */
const formatters = new Map<string, Intl.DateTimeFormat>()

function format(value: DateInput, parts: Intl.DateTimeFormatOptions, options: DateOptions): string {
  const date = value instanceof Date ? value : new Date(value)
  // A date the server did not send (or sent broken) shows as nothing rather than breaking the page.
  if (Number.isNaN(date.getTime())) return ''
  const settings: Intl.DateTimeFormatOptions = {
    ...(options.weekday ? { weekday: 'short' } : {}),
    ...parts,
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }
  const locale = options.locale ?? formatLocale()
  const key = `${locale ?? ''}|${JSON.stringify(settings)}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, settings)
    formatters.set(key, formatter)
  }
  return formatter.format(date)
}

/** `Nov 23, 2026`. */
export function formatDate(value: DateInput, options: DateOptions = {}): string {
  return format(value, DATE, options)
}

/** `Nov 23, 2026, 6:00 PM`. */
export function formatDateTime(value: DateInput, options: DateOptions = {}): string {
  return format(value, { ...DATE, ...TIME }, options)
}

/** `6:00 PM`: a time on a day already named (the end of a booking, a day's list of free times). */
export function formatTime(value: DateInput, options: Omit<DateOptions, 'weekday'> = {}): string {
  return format(value, TIME, options)
}

/**
 * `2026-11-23 18:00`: an instant as files write it (a CSV a spreadsheet sorts and reads as a date and
 * time), in the reader's zone (or the one given), never as a UTC ISO string.
 */
export function fileStamp(value: DateInput, timeZone?: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(timeZone ? { timeZone } : {}),
    })
      .formatToParts(value instanceof Date ? value : new Date(value))
      .map((p) => [p.type, p.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
}

/** The zone the reader's device is in (`Africa/Nairobi`), `UTC` where it cannot say. */
export function readerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}
