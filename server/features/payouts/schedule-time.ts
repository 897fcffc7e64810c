import { PAYOUT_RUN_HOUR, type PayoutFrequency } from '../../../contract/payouts.constants'
import { isoToZoned, zonedToIso } from '../../../contract/zoned-time'

/** When a seller's scheduled payouts run: 06:00 in their zone, on the days their schedule names. */
export interface RunDays {
  frequency: PayoutFrequency
  weekday: number | null
  monthDay: number | null
}

const DAY_MS = 86_400_000
const hour = String(PAYOUT_RUN_HOUR).padStart(2, '0')

function runsOn(days: RunDays, date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`)
  if (days.frequency === 'daily') return true
  if (days.frequency === 'weekly') return d.getUTCDay() === days.weekday
  if (days.frequency === 'monthly') return d.getUTCDate() === days.monthDay
  return false
}

/** The local calendar date `offset` days from the one `now` falls on in the zone. */
function localDate(now: Date, timeZone: string, offset: number): string {
  const today = isoToZoned(now.toISOString(), timeZone).slice(0, 10)
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10)
}

function runAt(date: string, timeZone: string): Date | null {
  const iso = zonedToIso(`${date}T${hour}:00`, timeZone)
  return iso ? new Date(iso) : null
}

/** The next run after `now`; null for a manual schedule. A manual one's standard payouts use `daily`. */
export function nextRun(days: RunDays, timeZone: string, now: Date): Date | null {
  if (days.frequency === 'manual') return null
  for (let offset = 0; offset <= 62; offset++) {
    const date = localDate(now, timeZone, offset)
    const at = runAt(date, timeZone)
    if (at && at > now && runsOn(days, date)) return at
  }
  return null
}

const DAILY: RunDays = { frequency: 'daily', weekday: null, monthDay: null }

/**
 * When a standard payout asked at `now` goes: the schedule's next run, or without one (manual) the next
 * 06:00, as if it ran daily.
 */
export function standardRun(days: RunDays | undefined, timeZone: string, now: Date): Date {
  const runs = days && days.frequency !== 'manual' ? days : DAILY
  return nextRun(runs, timeZone, now) ?? new Date(now.getTime() + DAY_MS)
}

/**
 * The run due now: the latest run at or before `now`, if it was less than a day ago and after the schedule
 * was saved (`savedAt`), with its key (its local date). A run is paid once per key, so a server that was
 * down at 06:00 still pays it later that day; a run that had passed when the schedule was saved or changed
 * is never paid: a schedule pays at its next run (what the seller was shown), never by being saved.
 */
export function dueRun(
  days: RunDays,
  timeZone: string,
  now: Date,
  savedAt: Date,
): { at: Date; key: string } | null {
  if (days.frequency === 'manual') return null
  for (let offset = 0; offset >= -1; offset--) {
    const date = localDate(now, timeZone, offset)
    const at = runAt(date, timeZone)
    if (at && at <= now && at > savedAt && now.getTime() - at.getTime() < DAY_MS && runsOn(days, date))
      return { at, key: date }
  }
  return null
}
