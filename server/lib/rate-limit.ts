import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { AppError } from './errors'

export interface Limit {
  max: number
  windowSeconds: number
}

export interface RateCheck {
  /** What is counted, e.g. `signIn:ip:1.2.3.4` or `signIn:account:a@b.c`. */
  key: string
  limit: Limit
  /** Words for the 429 message: "Too many {what}." */
  what: string
  /** What else the person can do, after "Wait …, then try again": "or pay by card". */
  otherwise?: string
  /** The field the limit is about, so a form can show the message beside it. */
  field?: string
}

/**
 * Counts one attempt against each check, in order, in fixed windows kept in the database so every
 * instance shares them. Throws 429 with Retry-After at the first check that is over its limit. Inside a
 * transaction, the count is part of it: an attempt that is rolled back was never counted, and concurrent
 * attempts on one key wait for each other.
 */
export async function enforceRateLimit(db: Pick<Db, 'execute'>, checks: RateCheck[]): Promise<void> {
  for (const { key, limit, what, otherwise, field } of checks) {
    const window = sql`make_interval(secs => ${limit.windowSeconds})`
    const result = await db.execute(sql`
      insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
      on conflict (key) do update set
        hits = case when rate_limits.window_start <= now() - ${window} then 1 else rate_limits.hits + 1 end,
        window_start = case when rate_limits.window_start <= now() - ${window} then now() else rate_limits.window_start end
      returning hits, ceil(extract(epoch from (window_start + ${window} - now())))::int as retry_after`)
    const row = (result as unknown as { rows: { hits: number; retry_after: number }[] }).rows[0]
    if (row && row.hits > limit.max) {
      const retryAfter = Math.max(row.retry_after, 1)
      const wait = retryAfter < 90 ? `${retryAfter} seconds` : `${Math.ceil(retryAfter / 60)} minutes`
      const message = `Too many ${what}. Wait ${wait}, then try again${otherwise ? `, ${otherwise}` : ''}.`
      throw new AppError(429, message, field ? { [field]: message } : undefined, retryAfter)
    }
  }
}
