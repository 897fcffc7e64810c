import { sql } from 'drizzle-orm'

/**
 * What time it is for Soko. Every decision the server makes about time (jobs and their leases, holds,
 * schedules, reminders, expiries, signed links) reads it here: the machine's clock plus an offset. The
 * offset is 0 except on a server whose providers are all in sandbox mode, where the sandbox's clock control
 * (/sandbox/clock) may move it forward, so that a browser test can see what happens a day later.
 *
 * Durations measured inside one piece of work (a drain, a deadline) and log lines keep the machine's clock.
 */
let offsetMs = 0

export const clock = {
  /** Now, as a Date. */
  now: (): Date => new Date(Date.now() + offsetMs),
  /** Now, in milliseconds since 1970. */
  ms: (): number => Date.now() + offsetMs,
  /** How far this clock is ahead of the machine's, in milliseconds. */
  offsetMs: (): number => offsetMs,
  /** Sets how far ahead it runs. Only the sandbox's clock control and tests call this. */
  setOffset(ms: number) {
    if (!Number.isSafeInteger(ms)) throw new Error(`A clock offset is a whole number of milliseconds: ${ms}`)
    offsetMs = ms
  },
}

/**
 * The database's now() with the same offset, for the few decisions taken in SQL (a re-check not sooner than
 * ten seconds after the last, a first publication): the same instant the rest of the server sees.
 */
export const dbNow = () => sql.raw(`(now() + ${offsetMs} * interval '1 millisecond')`)
