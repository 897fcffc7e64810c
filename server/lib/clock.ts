import { type SQL, sql } from 'drizzle-orm'

/**
 * What time it is for Soko. Every decision the server makes about time (jobs and their leases, holds,
 * schedules, reminders, expiries, signed links) reads it here: the database's clock, plus an offset.
 *
 * The database's clock, because several instances on several hosts must agree on whether a job is due or a
 * lease has run out: a host whose clock is minutes off would otherwise take over jobs still running
 * elsewhere, or run tomorrow's today. Each instance measures how far its own clock is from the database's
 * (`syncWith`, at start and then every half minute from the job runner) and corrects by that; less than a
 * second apart counts as agreeing, which keeps times steady on the host of the database itself.
 *
 * The offset is 0 except on a server whose providers are all in sandbox mode, where the sandbox's clock
 * control (/sandbox/clock) may move it forward, so that a browser test can see what happens a day later.
 *
 * Durations measured inside one piece of work (a drain, a deadline) and log lines keep the machine's clock.
 */
let offsetMs = 0
/** The database's clock minus this machine's, as last measured; 0 when within SKEW_TOLERANCE_MS. */
let skewMs = 0

/** A difference smaller than this is round-trip noise, not a wrong clock. */
export const SKEW_TOLERANCE_MS = 1000

export const clock = {
  /** Now, as a Date. */
  now: (): Date => new Date(Date.now() + skewMs + offsetMs),
  /** Now, in milliseconds since 1970. */
  ms: (): number => Date.now() + skewMs + offsetMs,
  /** How far the sandbox's clock control moved this clock ahead, in milliseconds. */
  offsetMs: (): number => offsetMs,
  /** How far the database's clock is ahead of this machine's (negative: behind), as last measured. */
  skewMs: (): number => skewMs,
  /** Sets how far ahead it runs. Only the sandbox's clock control and tests call this. */
  setOffset(ms: number) {
    if (!Number.isSafeInteger(ms)) throw new Error(`A clock offset is a whole number of milliseconds: ${ms}`)
    offsetMs = ms
  },
  /**
   * Measures this machine's clock against the database's, half way through one query's round trip, and
   * corrects by the difference from now on. Answers the correction in milliseconds.
   */
  async syncWith(db: { execute(query: SQL): PromiseLike<unknown> }): Promise<number> {
    const sent = Date.now()
    const result = (await db.execute(
      sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`,
    )) as { rows: { ms: number | string }[] }
    const received = Date.now()
    const measured = Number(result.rows[0]?.ms) - (sent + received) / 2
    if (!Number.isFinite(measured)) throw new Error('The database did not say what time it is')
    const next = Math.abs(measured) < SKEW_TOLERANCE_MS ? 0 : Math.round(measured)
    // A measurement is only as exact as half its round trip: a change smaller than that is noise, and
    // following it would move this clock back and forth by milliseconds.
    if (Math.abs(next - skewMs) > (received - sent) / 2) skewMs = next
    return skewMs
  },
}

/**
 * The database's now() with the same offset, for the few decisions taken in SQL (a re-check not sooner than
 * ten seconds after the last, a first publication): the same instant the rest of the server sees.
 */
export const dbNow = () => sql.raw(`(now() + ${offsetMs} * interval '1 millisecond')`)
