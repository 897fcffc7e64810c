/**
 * A membership's periods. A period runs from one payment day to the next, at the same time of day in UTC:
 * a month is to the same day of the next month, a year to the same day of the next year. A membership that
 * began on the 29th, 30th or 31st is renewed on the last day of a shorter month and goes back to its own day
 * after (31 January, 28 February, 31 March). Counted in UTC, a period is the same whatever the member's or
 * the server's clocks do at a change to or from summer time.
 */

export type Interval = 'month' | 'year'

/** Failed renewals are tried again this many days after the period ended, then the membership ends. */
export const RETRY_DAYS = [1, 3, 7, 14] as const
/** How long access lasts after a period ends while its renewal is being retried. */
export const GRACE_DAYS = RETRY_DAYS[RETRY_DAYS.length - 1] ?? 14

const DAY_MS = 86_400_000

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate()

/** The end of the period that starts at `start`, for a membership paid on day `anchorDay` of the month. */
export function periodEnd(start: Date, anchorDay: number, interval: Interval): Date {
  const months = interval === 'month' ? 1 : 12
  const year = start.getUTCFullYear()
  const month = start.getUTCMonth() + months
  const y = year + Math.floor(month / 12)
  const m = month % 12
  const day = Math.min(anchorDay, daysIn(y, m))
  return new Date(
    Date.UTC(
      y,
      m,
      day,
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  )
}

/** When a renewal that has failed `failures` times is tried next; null when its retries are spent. */
export function retryAt(periodEndAt: Date, failures: number): Date | null {
  const days = RETRY_DAYS[failures - 1]
  return days === undefined ? null : new Date(periodEndAt.getTime() + days * DAY_MS)
}

/** Until when a period's unpaid renewal keeps the member's access. */
export const graceEnd = (periodEndAt: Date) => new Date(periodEndAt.getTime() + GRACE_DAYS * DAY_MS)

/** When a pause of `months` that begins at the end of a period (`from`) ends: on the membership's day. */
export function pauseEnd(from: Date, anchorDay: number, months: number): Date {
  let at = from
  for (let i = 0; i < months; i++) at = periodEnd(at, anchorDay, 'month')
  return at
}

/** Whether a membership is in its free trial: its first period, the trial, is the one under way. */
export function inTrial(row: { trialEndsAt: Date | null; periodEnd: Date }): boolean {
  return row.trialEndsAt !== null && row.periodEnd.getTime() === row.trialEndsAt.getTime()
}
