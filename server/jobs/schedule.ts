import { isoToZoned, zonedToIso } from '../../contract/zoned-time'

/**
 * When a recurring job runs again: a fixed time after its last run ended, or daily at a wall-clock time in
 * an IANA zone (payouts at 06:00 Nairobi time stay at 06:00 there whatever the server's zone is).
 */
export type Schedule = { everyMs: number } | { dailyAt: string; timeZone: string }

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/

/** Throws, with what to write instead, on a schedule that could never run: found at start, not at 06:00. */
export function checkSchedule(schedule: Schedule): void {
  if ('everyMs' in schedule) {
    if (!Number.isFinite(schedule.everyMs) || schedule.everyMs < 1)
      throw new Error(`A recurring job needs everyMs of at least 1, not ${schedule.everyMs}`)
    return
  }
  if (!HH_MM.test(schedule.dailyAt))
    throw new Error(
      `Write dailyAt as HH:MM on a 24-hour clock (06:00), not ${JSON.stringify(schedule.dailyAt)}`,
    )
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: schedule.timeZone })
  } catch {
    throw new Error(
      `Unknown time zone ${JSON.stringify(schedule.timeZone)}: use an IANA name such as Africa/Nairobi`,
    )
  }
}

/**
 * The first run of the schedule strictly after `after`. Daily times are wall-clock times of the zone: on
 * the day a time is skipped (a clock going forward over it) the run is that long later (01:30 becomes
 * 02:30); on the day it happens twice (a clock going back) the run happens once, at the second.
 */
export function nextOccurrence(schedule: Schedule, after: Date): Date {
  if ('everyMs' in schedule) return new Date(after.getTime() + schedule.everyMs)
  const today = isoToZoned(after.toISOString(), schedule.timeZone).slice(0, 10)
  // Today's time if it is still to come, else tomorrow's; the third day covers a skipped time that lands
  // back before `after` (never for whole-hour changes, but zones have had odder ones).
  for (let days = 0; days < 3; days++) {
    const local = `${addDays(today, days)}T${schedule.dailyAt}`
    const iso = zonedToIso(local, schedule.timeZone)
    if (iso && Date.parse(iso) > after.getTime()) return new Date(iso)
  }
  throw new Error(`No occurrence of ${schedule.dailyAt} in ${schedule.timeZone} after ${after.toISOString()}`)
}

/** `2026-03-28` plus one day is `2026-03-29`: calendar arithmetic on the date alone, in UTC. */
function addDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000
  return new Date(ms).toISOString().slice(0, 10)
}
