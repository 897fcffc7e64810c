import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'

/** A clock the test moves: runners given `clock.now` see time pass only when told. */
export function testClock(start = '2026-06-01T09:00:00.000Z') {
  let ms = Date.parse(start)
  return {
    now: () => new Date(ms),
    advance(byMs: number) {
      ms += byMs
    },
  }
}

/** A promise the test resolves when it chooses: a handler that awaits it blocks until then. */
export function gate() {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

/** Polls until the condition holds; fails naming what was awaited once the deadline passes. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/**
 * A table of the tests' own that handlers write to: one row per effect, with no unique key, so an effect
 * that happened twice shows as two rows.
 */
export async function createEffectsTable(db: Db) {
  await db.execute(sql`create table if not exists job_effects (job_id uuid not null, worker text not null)`)
}

export async function recordEffect(db: Db, jobId: string, worker: string) {
  await db.execute(sql`insert into job_effects (job_id, worker) values (${jobId}, ${worker})`)
}

/** Effects per job id. */
export async function effectCounts(db: Db): Promise<Map<string, number>> {
  const result = (await db.execute(
    sql`select job_id, count(*)::int as n from job_effects group by job_id`,
  )) as unknown as { rows: { job_id: string; n: number }[] }
  return new Map(result.rows.map((row) => [row.job_id, row.n]))
}
