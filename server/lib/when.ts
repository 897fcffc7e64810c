/**
 * Times as people read them in mails and texts, in a given zone and named: never an ISO string. English
 * with day before month ("Tue 24 Nov"), as Soko's mails are written.
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

function format(iso: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  const key = `${timeZone}|${JSON.stringify(options)}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, ...options })
    formatters.set(key, formatter)
  }
  return formatter.format(new Date(iso))
}

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' }
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }

/** `Tue 24 Nov, 10:00–11:00 EAT`: a booked time in the reader's zone. */
export function slotText(slot: { start: string; end: string }, timeZone: string): string {
  return `${format(slot.start, timeZone, { ...DAY, ...TIME })}–${format(slot.end, timeZone, {
    ...TIME,
    timeZoneName: 'short',
  })}`
}

/** `Tue 24 Nov, 10:00 EAT`: an instant in the reader's zone. */
export function dayTimeText(iso: string, timeZone: string): string {
  return format(iso, timeZone, { ...DAY, ...TIME, timeZoneName: 'short' })
}
