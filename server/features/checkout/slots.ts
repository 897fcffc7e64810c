import type { ServiceDetails } from '../../../contract/catalog.contract'
import { zonedToIso } from '../../../contract/zoned-time'

/** What slots are made from: a service's hours, length, buffer and how far ahead it may be booked. */
type Hours = Omit<ServiceDetails, 'where'>

export interface Slot {
  start: string
  end: string
}

/** A service's rules with the defaults of those added since it was saved (products saved before them). */
function rules(details: Hours) {
  return {
    minNoticeMinutes: details.minNoticeMinutes ?? 60,
    dailyLimit: details.dailyLimit ?? 0,
  }
}

const DAY_MS = 24 * 60 * 60 * 1000

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function dateIn(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant))
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/**
 * The slots of a service in the days [from, from + days) of the seller's zone: each weekly window cut into
 * sessions of its duration, with the buffer between them; not on exception dates, not sooner than the
 * minimum notice, not beyond the book-ahead days, not overlapping a booking already held (`taken`), and
 * none on a day that already has the daily limit of bookings.
 */
export function serviceSlots(
  details: Hours,
  opts: { from?: string; days: number; now: number; taken: Slot[] },
): Slot[] {
  const zone = details.timeZone
  const today = dateIn(opts.now, zone)
  const first = opts.from && opts.from > today ? opts.from : today
  const lastBookable = addDays(today, details.bookAheadDays)
  const { minNoticeMinutes, dailyLimit } = rules(details)
  const earliest = opts.now + minNoticeMinutes * 60_000
  const exceptions = new Set(details.exceptions)
  const taken = opts.taken.map((t) => [Date.parse(t.start), Date.parse(t.end)] as const)
  const perDay = new Map<string, number>()
  for (const [start] of taken) perDay.set(dateIn(start, zone), (perDay.get(dateIn(start, zone)) ?? 0) + 1)
  const slots: Slot[] = []
  for (let i = 0; i < opts.days; i++) {
    const date = addDays(first, i)
    if (date > lastBookable) break
    if (exceptions.has(date)) continue
    if (dailyLimit > 0 && (perDay.get(date) ?? 0) >= dailyLimit) continue
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
    const windows = details.availability
      .filter((w) => w.day === weekday)
      .sort((a, b) => a.from.localeCompare(b.from))
    for (const window of windows) {
      const end = minutesOf(window.to)
      for (
        let at = minutesOf(window.from);
        at + details.durationMinutes <= end;
        at += details.durationMinutes + details.bufferMinutes
      ) {
        const startIso = zonedToIso(`${date}T${timeOf(at)}`, zone)
        if (!startIso) continue
        const start = Date.parse(startIso)
        const finish = start + details.durationMinutes * 60_000
        if (start < earliest) continue
        // The buffer keeps a gap around bookings held on another grid (made before the hours changed).
        const gap = details.bufferMinutes * 60_000
        if (taken.some(([s, e]) => s - gap < finish && start < e + gap)) continue
        slots.push({ start: new Date(start).toISOString(), end: new Date(finish).toISOString() })
      }
    }
  }
  return slots
}

/** Whether `start` is one of the service's slots now (and free): what startCheckout accepts. */
export function findSlot(details: Hours, start: string, now: number, taken: Slot[]): Slot | null {
  const instant = Date.parse(start)
  if (Number.isNaN(instant)) return null
  const date = dateIn(instant, details.timeZone)
  const days = Math.ceil((instant - now) / DAY_MS) + 2
  if (days > details.bookAheadDays + 2 || instant < now) return null
  return (
    serviceSlots(details, { from: date, days: 1, now, taken }).find((s) => Date.parse(s.start) === instant) ??
    null
  )
}
