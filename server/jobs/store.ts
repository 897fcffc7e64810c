import { and, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { jobs } from '../db/schema'
import { clock } from '../lib/clock'
import { uuidv7 } from '../lib/uuid'
import type { JobDefinition } from './define'

/**
 * The jobs table's statements. Each is one statement or one short transaction: on PGlite every query of
 * the process shares one connection, so nothing here waits on a handler while holding a transaction.
 * Times come from the runner's clock, so tests can move it; by default that is Soko's clock, which goes by
 * the database's (server/lib/clock.ts), so instances on hosts whose clocks differ agree on leases and due times.
 */

export type JobRow = typeof jobs.$inferSelect

/** A run this runner holds: the row as claimed. `locked_by` and `attempts` together identify the claim. */
export type Claim = JobRow & { lockedBy: string }

/** What a recurring job queues when an occurrence ends. */
export interface NextOccurrence {
  runAt: Date
  uniqueKey: string
  maxAttempts: number
}

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date
  /** While a queued or running job has this key, enqueueing another does nothing. */
  uniqueKey?: string
}

/**
 * Queues a job; pass a transaction to queue it only if the work that asks for it commits. Answers the new
 * job's id, or null when a live job with the same unique key already exists.
 */
export async function enqueue<P>(
  db: Db | Tx,
  def: JobDefinition<P>,
  payload: P,
  opts: EnqueueOptions = {},
): Promise<string | null> {
  const checked = def.payload.safeParse(payload)
  if (!checked.success)
    throw new Error(`The payload of a ${def.name} job does not fit its schema: ${checked.error.message}`)
  const runAt = opts.runAt ?? clock.now()
  const [row] = await db
    .insert(jobs)
    .values({
      id: uuidv7(),
      name: def.name,
      payload: checked.data,
      runAt,
      maxAttempts: def.maxAttempts,
      uniqueKey: opts.uniqueKey ?? null,
    })
    // The partial unique index's own predicate, so PostgreSQL can pick the index as the conflict target.
    .onConflictDoNothing({ target: jobs.uniqueKey, where: sql`status in ('queued', 'running')` })
    .returning({ id: jobs.id })
  return row?.id ?? null
}

/**
 * Takes up to `limit` due jobs of these names: queued ones whose time has come, and running ones whose
 * lease ran out (their instance died) with attempts left. Rows another instance is claiming at this
 * moment are skipped, not waited for, so instances never queue behind each other.
 */
export async function claimJobs(
  db: Db,
  opts: { names: string[]; workerId: string; now: Date; leaseMs: number; limit: number },
): Promise<Claim[]> {
  const { names, workerId, now, leaseMs, limit } = opts
  if (names.length === 0 || limit < 1) return []
  // Literal statuses, so the planner sees the partial indexes' predicates.
  const due = db.$with('due').as(
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.name, names),
          or(
            and(sql`${jobs.status} = 'queued'`, lte(jobs.runAt, now)),
            and(
              sql`${jobs.status} = 'running'`,
              lt(jobs.lockedUntil, now),
              lt(jobs.attempts, jobs.maxAttempts),
            ),
          ),
        ),
      )
      .orderBy(jobs.runAt)
      .limit(limit)
      .for('update', { skipLocked: true }),
  )
  const rows = await db
    .with(due)
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: workerId,
      lockedUntil: new Date(now.getTime() + leaseMs),
    })
    .where(inArray(jobs.id, db.select({ id: due.id }).from(due)))
    .returning()
  return rows as Claim[]
}

/**
 * Running jobs whose lease ran out on their last attempt: the instance died on each of them (a handler that
 * kills its process, say), so they are `failed` rather than claimed for ever. A recurring job's next
 * occurrence is queued in the same transaction. Answers the jobs failed.
 */
export async function failAbandoned(
  db: Db,
  opts: { names: string[]; now: Date; next: (name: string) => NextOccurrence | null },
): Promise<JobRow[]> {
  if (opts.names.length === 0) return []
  return db.transaction(async (tx) => {
    const failed = await tx
      .update(jobs)
      .set({
        status: 'failed',
        lastError: sql`coalesce(${jobs.lastError} || '; ', '') || 'the instance running it stopped before it ended (lease ran out)'`,
        lockedBy: null,
        lockedUntil: null,
        finishedAt: opts.now,
      })
      .where(
        and(
          inArray(jobs.name, opts.names),
          sql`${jobs.status} = 'running'`,
          lt(jobs.lockedUntil, opts.now),
          gte(jobs.attempts, jobs.maxAttempts),
        ),
      )
      .returning()
    for (const row of failed) {
      const next = opts.next(row.name)
      if (next) await queueOccurrence(tx, row.name, next)
    }
    return failed
  })
}

/** Extends the lease of a run still held; false when it is no longer this runner's (it ran out and was taken). */
export async function renewLease(db: Db, claim: Claim, until: Date): Promise<boolean> {
  const rows = await db.update(jobs).set({ lockedUntil: until }).where(held(claim)).returning({ id: jobs.id })
  return rows.length > 0
}

/**
 * Ends a run: `done`, `failed` for good, or `queued` again at `retryAt`. A recurring job's next occurrence
 * is queued in the same transaction, so it can neither be lost nor doubled. False when the claim was no
 * longer held (the lease ran out and another run took the job): nothing is written then.
 */
export async function finishRun(
  db: Db,
  claim: Claim,
  outcome:
    | { status: 'done'; now: Date }
    | { status: 'failed'; now: Date; error: string }
    | { status: 'queued'; now: Date; error: string; retryAt: Date },
  next: NextOccurrence | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(jobs)
      .set(
        outcome.status === 'queued'
          ? {
              status: 'queued',
              runAt: outcome.retryAt,
              lastError: outcome.error,
              lockedBy: null,
              lockedUntil: null,
            }
          : outcome.status === 'failed'
            ? {
                status: 'failed',
                lastError: outcome.error,
                lockedBy: null,
                lockedUntil: null,
                finishedAt: outcome.now,
              }
            : // A run that succeeds after failures keeps the last error: it tells what was retried.
              { status: 'done', lockedBy: null, lockedUntil: null, finishedAt: outcome.now },
      )
      .where(held(claim))
      .returning({ id: jobs.id })
    if (ended.length === 0) return false
    if (next && outcome.status !== 'queued') await queueOccurrence(tx, claim.name, next)
    return true
  })
}

/** A recurring job's occurrence, under its key, unless one is already queued or running. */
async function queueOccurrence(tx: Tx, name: string, next: NextOccurrence) {
  await tx
    .insert(jobs)
    .values({
      id: uuidv7(),
      name,
      payload: {},
      runAt: next.runAt,
      maxAttempts: next.maxAttempts,
      uniqueKey: next.uniqueKey,
    })
    .onConflictDoNothing({ target: jobs.uniqueKey, where: sql`status in ('queued', 'running')` })
}

/** The claim is still this run's: nobody took the job over since. */
function held(claim: Claim) {
  return and(
    eq(jobs.id, claim.id),
    sql`${jobs.status} = 'running'`,
    eq(jobs.lockedBy, claim.lockedBy),
    eq(jobs.attempts, claim.attempts),
  )
}
