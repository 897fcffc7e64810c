import { sql } from 'drizzle-orm'
import type { Message, MessageParams } from '../../contract/i18n'
import type { Db } from '../db/client'
import { dbNow } from './clock'
import { AppError } from './errors'

export interface Limit {
  max: number
  windowSeconds: number
}

export interface RateCheck {
  /** What is counted, e.g. `signIn:ip:1.2.3.4` or `signIn:account:a@b.c`. */
  key: string
  limit: Limit
  /**
   * The 429's message: "Too many … Wait {count} {unit}, then try again…", one whole sentence per check;
   * `count` and `unit` (seconds or minutes) are filled in.
   */
  refusal: Message
  /** The field the limit is about, so a form can show the message beside it. */
  field?: string
}

type Counter = Pick<Db, 'execute'>

/** The longest window a limit may have: the prune job deletes counters whose window began before that. */
export const LONGEST_WINDOW_SECONDS = 24 * 3600

/** A limit's window in SQL; a longer one than the prune job keeps would be forgotten while it runs. */
function windowOf(limit: Limit) {
  if (limit.windowSeconds > LONGEST_WINDOW_SECONDS)
    throw new Error(
      `A rate limit's window is at most ${LONGEST_WINDOW_SECONDS} seconds, not ${limit.windowSeconds}`,
    )
  return sql`make_interval(secs => ${limit.windowSeconds})`
}

/** A key's count in its current window and the seconds until that window ends. */
interface Count {
  hits: number
  retryAfter: number
}

const first = (result: unknown): Count | undefined =>
  (result as { rows: { hits: number; retry_after: number }[] }).rows.map((r) => ({
    hits: Number(r.hits),
    retryAfter: Number(r.retry_after),
  }))[0]

/** Adds one to a key's count in fixed windows kept in the database, so every instance shares them. */
async function countOne(db: Counter, key: string, limit: Limit): Promise<Count> {
  const window = windowOf(limit)
  const now = dbNow()
  const result = await db.execute(sql`
    insert into rate_limits (key, window_start, hits) values (${key}, ${now}, 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start <= ${now} - ${window} then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start <= ${now} - ${window} then ${now} else rate_limits.window_start end
    returning hits, ceil(extract(epoch from (window_start + ${window} - ${now})))::int as retry_after`)
  return first(result) ?? { hits: 1, retryAfter: limit.windowSeconds }
}

/** A key's count in its current window, without adding to it (0 when its window has passed). */
export async function currentCount(db: Counter, key: string, limit: Limit): Promise<Count> {
  const window = windowOf(limit)
  const now = dbNow()
  const result = await db.execute(sql`
    select hits, ceil(extract(epoch from (window_start + ${window} - ${now})))::int as retry_after
    from rate_limits where key = ${key} and window_start > ${now} - ${window}`)
  return first(result) ?? { hits: 0, retryAfter: 0 }
}

/** How long to wait, as a message's values: seconds under a minute and a half, else whole minutes. */
function waitParams(retryAfter: number): MessageParams {
  return retryAfter < 90
    ? { count: retryAfter, unit: 'seconds' }
    : { count: Math.ceil(retryAfter / 60), unit: 'minutes' }
}

function refusal({ refusal, field }: RateCheck, seconds: number): AppError {
  const retryAfter = Math.max(seconds, 1)
  const params = waitParams(retryAfter)
  return new AppError(429, refusal, {
    params,
    ...(field ? { fields: { [field]: { ...refusal, params } } } : {}),
    retryAfter,
  })
}

/**
 * Counts one attempt against each check, in order, and throws 429 with Retry-After at the first check that
 * is over its limit; the checks after it are not counted. One statement does it all (one round trip, however
 * many checks): each check's upsert runs only when the one before it came out within its limit. Inside a
 * transaction, the count is part of it: an attempt that is rolled back was never counted, and concurrent
 * attempts on one key wait for each other.
 */
export async function enforceRateLimit(db: Counter, checks: RateCheck[]): Promise<void> {
  if (checks.length === 0) return
  const now = dbNow()
  const steps = checks.map((check, i) => {
    const window = windowOf(check.limit)
    const previous = checks[i - 1]
    const counted = previous
      ? sql`where (select hits from ${sql.raw(`c${i - 1}`)}) <= ${previous.limit.max}`
      : sql``
    return sql`${sql.raw(`c${i}`)} as (
      insert into rate_limits (key, window_start, hits) select ${check.key}, ${now}, 1 ${counted}
      on conflict (key) do update set
        hits = case when rate_limits.window_start <= ${now} - ${window} then 1 else rate_limits.hits + 1 end,
        window_start = case when rate_limits.window_start <= ${now} - ${window} then ${now} else rate_limits.window_start end
      returning hits, ceil(extract(epoch from (window_start + ${window} - ${now})))::int as retry_after)`
  })
  const answers = checks.map(
    (_, i) => sql`select ${i}::int as step, hits, retry_after from ${sql.raw(`c${i}`)}`,
  )
  const result = await db.execute(
    sql`with ${sql.join(steps, sql`, `)} ${sql.join(answers, sql` union all `)}`,
  )
  const rows = (result as { rows: { step: number; hits: number; retry_after: number }[] }).rows
  for (const [i, check] of checks.entries()) {
    const row = rows.find((r) => Number(r.step) === i)
    if (!row) return
    if (Number(row.hits) > check.limit.max) throw refusal(check, Number(row.retry_after))
  }
}

/** Throws 429 as enforceRateLimit would when a check has already reached its limit; counts nothing. */
export async function assertBelowLimit(db: Counter, checks: RateCheck[]): Promise<void> {
  for (const check of checks) {
    const { hits, retryAfter } = await currentCount(db, check.key, check.limit)
    if (hits >= check.limit.max) throw refusal(check, retryAfter)
  }
}

/** Counts one event (a failed attempt, say) against each key, refusing nothing. */
export async function countEvent(db: Counter, checks: Pick<RateCheck, 'key' | 'limit'>[]): Promise<void> {
  for (const check of checks) await countOne(db, check.key, check.limit)
}
