import { isoToZoned, zonedToIso } from '../../../contract/zoned-time'

/**
 * The stretches of a seller's days the home page counts, as instants: days begin at midnight in the
 * seller's zone, not in UTC, so a sale at 23:30 in Nairobi is that day's sale there, whatever UTC says.
 */
export interface HomePeriods {
  /** Today's date in the zone, YYYY-MM-DD. */
  today: string
  todayStart: Date
  tomorrowStart: Date
  /** The last date of "this week": today and the 6 days after it. */
  weekLast: string
  /** Midnight after `weekLast`. */
  weekEnd: Date
  monthStart: Date
  lastMonthStart: Date
  /**
   * The end of the same number of days last month (whole days): after its 15th on the 15th, and the whole
   * month when it is shorter (on 31 March, all of February).
   */
  lastMonthEnd: Date
}

/** The calendar date of year, month (1–12) and day, with overflow carried: day 0 is the month before's last. */
function date(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10)
}

/** A zone the runtime knows, else Nairobi's (the platform's default): a bad setting never breaks the page. */
export function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone })
    return timeZone
  } catch {
    return 'Africa/Nairobi'
  }
}

export function homePeriods(now: Date, timeZone: string): HomePeriods {
  const midnight = (day: string) => new Date(zonedToIso(`${day}T00:00`, timeZone) ?? `${day}T00:00:00Z`)
  const today = isoToZoned(now.toISOString(), timeZone).slice(0, 10)
  const [year = 1970, month = 1, day = 1] = today.split('-').map(Number)
  const lastMonthDays = Number(date(year, month, 0).slice(8))
  return {
    today,
    todayStart: midnight(today),
    tomorrowStart: midnight(date(year, month, day + 1)),
    weekLast: date(year, month, day + 6),
    weekEnd: midnight(date(year, month, day + 7)),
    monthStart: midnight(date(year, month, 1)),
    lastMonthStart: midnight(date(year, month - 1, 1)),
    lastMonthEnd: midnight(date(year, month - 1, Math.min(day, lastMonthDays) + 1)),
  }
}
