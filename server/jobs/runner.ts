import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Db } from '../db/client'
import { clock, SKEW_TOLERANCE_MS } from '../lib/clock'
import type { Logger } from '../lib/log'
import { type JobContext, type JobDefinition, recurringKey } from './define'
import { nextOccurrence } from './schedule'
import { type Claim, claimJobs, enqueue, failAbandoned, finishRun, renewLease } from './store'

export interface JobRunnerOptions {
  db: Db
  log: Logger
  /** The jobs this runner runs; it claims no others (an older instance leaves a newer kind of job alone). */
  definitions: JobDefinition[]
  /**
   * The clock of run times and leases; tests move it. By default Soko's clock, which goes by the database's:
   * the runner then measures this host's clock against the database's every CLOCK_SYNC_MS.
   */
  now?: () => Date
  /** How often to look for due jobs when idle. */
  pollMs?: number
  /** How long a claim lasts unless renewed; renewed every third of it while the handler runs. */
  leaseMs?: number
  /** Runs at once in this instance. */
  concurrency?: number
  /** Names this runner in `locked_by` (default: host, pid and a random suffix). */
  workerId?: string
}

export interface JobRunner {
  readonly workerId: string
  /** Queues each recurring job's first occurrence unless one exists, and starts polling. */
  start(): void
  /** Claims what is due now and runs it; resolves when those runs have ended, with how many there were. */
  runDue(): Promise<number>
  /**
   * Stops claiming and waits for runs in progress (at most `timeoutMs`). Runs still going then are told to
   * give up (their signal aborts) and left to their leases: another instance takes them once those run
   * out. Once this resolves the runner no longer touches the database.
   */
  stop(opts?: { timeoutMs?: number }): Promise<void>
}

const MAX_ERROR_CHARS = 2000
/** The longest wait between polls while the database keeps failing. */
const MAX_POLL_BACKOFF_MS = 30_000
/** How often this host's clock is measured against the database's again (a clock can be stepped). */
export const CLOCK_SYNC_MS = 30_000

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { db, log } = opts
  const now = opts.now ?? (() => clock.now())
  const pollMs = opts.pollMs ?? 1000
  const leaseMs = opts.leaseMs ?? 30_000
  const concurrency = opts.concurrency ?? 4
  const workerId = opts.workerId ?? `${hostname()}/${process.pid}/${randomBytes(3).toString('hex')}`
  const definitions = new Map(opts.definitions.map((def) => [def.name, def]))
  if (definitions.size !== opts.definitions.length) throw new Error('Two job definitions have the same name')
  const names = [...definitions.keys()]

  /** Runs in progress, each with the means to make it give up. */
  const active = new Map<Promise<void>, AbortController>()
  /** Claims not yet answered: their runs are not in `active` yet. */
  const claimsUnderWay = new Set<Promise<unknown>>()
  let started = false
  let stopping = false
  /** Set when stop() gave up waiting: runs ending later record nothing (the database may be closed). */
  let detached = false
  let recurringQueued = false
  let failures = 0
  let timer: NodeJS.Timeout | null = null
  let polling: Promise<void> | null = null
  let stopped: Promise<void> | null = null
  /** When the clock was last measured (performance.now()), if this runner keeps it. */
  let synced = opts.now ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY

  /** Soko's clock kept to the database's, so that hosts whose clocks differ agree on what is due. */
  const syncClock = async () => {
    if (performance.now() - synced < CLOCK_SYNC_MS) return
    const before = clock.skewMs()
    try {
      const skew = await clock.syncWith(db)
      synced = performance.now()
      if (Math.abs(skew - before) >= SKEW_TOLERANCE_MS)
        log.warn(
          skew === 0
            ? "jobs: this host's clock agrees with the database's again"
            : `jobs: this host's clock is ${Math.abs(skew / 1000).toFixed(1)} s ${skew > 0 ? 'behind' : 'ahead of'} the database's; Soko goes by the database's`,
          { workerId, skewMs: skew },
        )
    } catch (error) {
      log.warn("jobs: could not compare this host's clock with the database's; trying again", {
        workerId,
        error,
      })
    }
  }

  const schedulePoll = (delay: number) => {
    if (!started || stopping) return
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => void poll(), delay)
    // The server's socket keeps the process alive, not this.
    timer.unref()
  }

  // One poll at a time: a slow database must not pile polls up.
  const poll = async () => {
    if (polling || stopping) return
    polling = (async () => {
      try {
        await syncClock()
        if (!recurringQueued) {
          await queueRecurring()
          recurringQueued = true
        }
        await claimAndRun()
        failures = 0
      } catch (error) {
        failures++
        log.error('jobs: polling the jobs table failed; trying again', { workerId, failures, error })
      }
    })()
    await polling
    polling = null
    schedulePoll(failures ? Math.min(pollMs * 2 ** failures, MAX_POLL_BACKOFF_MS) : pollMs)
  }

  /** The first occurrence of each recurring job, under its key: N instances starting at once queue one. */
  const queueRecurring = async () => {
    for (const def of definitions.values()) {
      if (!def.schedule) continue
      const runAt = nextOccurrence(def.schedule, now())
      const id = await enqueue(db, def, {}, { runAt, uniqueKey: recurringKey(def.name) })
      if (id) log.info('jobs: first occurrence queued', { job: def.name, runAt: runAt.toISOString() })
    }
  }

  /** A recurring job's next occurrence, after one that ended at `at`; null for other jobs. */
  const nextOf = (def: JobDefinition | undefined, at: Date) =>
    def?.schedule
      ? {
          runAt: nextOccurrence(def.schedule, at),
          uniqueKey: recurringKey(def.name),
          maxAttempts: def.maxAttempts,
        }
      : null

  /** Claims up to the free slots and starts each run; answers the runs started. */
  const claimAndRun = async (): Promise<Promise<void>[]> => {
    const claiming = (async () => {
      const at = now()
      const abandoned = await failAbandoned(db, {
        names,
        now: at,
        next: (name) => nextOf(definitions.get(name), at),
      })
      for (const row of abandoned)
        log.error('jobs: failed for good, its instance stopped on its last attempt', {
          jobId: row.id,
          job: row.name,
          attempts: row.attempts,
        })
      return claimJobs(db, { names, workerId, now: at, leaseMs, limit: concurrency - active.size })
    })()
    claimsUnderWay.add(claiming)
    try {
      const claims = await claiming
      return claims.map((claim) => {
        const controller = new AbortController()
        const run = execute(claim, controller).finally(() => {
          active.delete(run)
          // A slot came free: there may be more due.
          schedulePoll(0)
        })
        active.set(run, controller)
        return run
      })
    } finally {
      claimsUnderWay.delete(claiming)
    }
  }

  const execute = async (claim: Claim, controller: AbortController) => {
    const def = definitions.get(claim.name)
    if (!def) return
    const fields = { jobId: claim.id, job: claim.name, attempt: claim.attempts, workerId }
    log.debug('jobs: running', fields)
    let ended = false
    // Renewed while the handler runs, so a long run is not taken over while its instance lives.
    const heartbeat = setInterval(
      async () => {
        // After stop() gave up on this run the database is no longer ours to use.
        if (detached) return clearInterval(heartbeat)
        try {
          const held = await renewLease(db, claim, new Date(now().getTime() + leaseMs))
          if (!held && !ended) {
            log.warn('jobs: lease lost while running (it ran out); another instance may run the job', fields)
            controller.abort(new Error('the lease of this run was lost'))
          }
        } catch (error) {
          log.warn('jobs: renewing a lease failed; trying again', { ...fields, error })
        }
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    )
    heartbeat.unref()

    let failure: { error: unknown; retry: boolean } | null = null
    try {
      const payload = def.payload.safeParse(claim.payload)
      if (!payload.success)
        failure = {
          error: new Error(`its payload does not fit the ${def.name} schema: ${payload.error.message}`),
          retry: false,
        }
      else {
        const context: JobContext = {
          jobId: claim.id,
          attempt: claim.attempts,
          now,
          signal: controller.signal,
        }
        await def.run(payload.data, context)
      }
    } catch (error) {
      failure = { error, retry: true }
    } finally {
      ended = true
      clearInterval(heartbeat)
    }
    if (detached) return
    try {
      await record(def, claim, failure, fields)
    } catch (error) {
      // The lease runs out and the job is claimed again: at least once, as promised.
      log.error('jobs: could not record how a run ended; it will run again', { ...fields, error })
    }
  }

  const record = async (
    def: JobDefinition,
    claim: Claim,
    failure: { error: unknown; retry: boolean } | null,
    fields: Record<string, unknown>,
  ) => {
    const at = now()
    const next = nextOf(def, at)
    if (!failure) {
      if (await finishRun(db, claim, { status: 'done', now: at }, next)) log.debug('jobs: done', fields)
      else log.warn('jobs: ran, but its lease had been lost; another run records it', fields)
      return
    }
    const error = describe(failure.error)
    if (failure.retry && claim.attempts < claim.maxAttempts) {
      const retryAt = new Date(at.getTime() + def.backoffMs(claim.attempts))
      const held = await finishRun(db, claim, { status: 'queued', now: at, error, retryAt }, null)
      log.warn('jobs: attempt failed; retrying', {
        ...fields,
        retryAt: held ? retryAt.toISOString() : 'when its lease runs out',
        error: failure.error,
      })
      return
    }
    const held = await finishRun(db, claim, { status: 'failed', now: at, error }, next)
    // Logged even when the lease was lost meanwhile: the error is worth seeing either way.
    log.error(next ? 'jobs: failed; its next occurrence is queued' : 'jobs: failed for good', {
      ...fields,
      maxAttempts: claim.maxAttempts,
      error: failure.error,
      ...(held ? {} : { recorded: false }),
      ...(held && next ? { nextRunAt: next.runAt.toISOString() } : {}),
    })
  }

  const runner: JobRunner = {
    workerId,
    start() {
      if (started) return
      started = true
      schedulePoll(0)
    },
    async runDue() {
      if (stopping) return 0
      if (!recurringQueued) {
        await queueRecurring()
        recurringQueued = true
      }
      const runs = await claimAndRun()
      await Promise.all(runs)
      return runs.length
    },
    stop({ timeoutMs = 10_000 } = {}) {
      // A second call (SIGINT after SIGTERM) waits for the same stop.
      stopped ??= drain(timeoutMs)
      return stopped
    },
  }

  const drain = async (timeoutMs: number) => {
    stopping = true
    if (timer) clearTimeout(timer)
    // A claim under way adds its runs to `active` when it is answered.
    await Promise.allSettled([polling, ...claimsUnderWay])
    if (active.size === 0) return
    log.info('jobs: stopping, waiting for runs in progress', { workerId, running: active.size })
    let deadline: NodeJS.Timeout | undefined
    const timedOut = await Promise.race([
      Promise.allSettled(active.keys()).then(() => false),
      new Promise<boolean>((resolve) => {
        deadline = setTimeout(() => resolve(true), timeoutMs)
      }),
    ])
    clearTimeout(deadline)
    if (!timedOut) return
    detached = true
    log.warn(
      'jobs: runs still going when the wait ran out; their leases will hand them to another instance',
      {
        workerId,
        running: active.size,
        timeoutMs,
      },
    )
    for (const controller of active.values()) controller.abort(new Error('the job runner is stopping'))
  }
  return runner
}

/** An error as the job's last error: its message (and name when it says more), kept short. */
function describe(error: unknown): string {
  const text =
    error instanceof Error
      ? error.name && error.name !== 'Error'
        ? `${error.name}: ${error.message}`
        : error.message
      : String(error)
  return text.slice(0, MAX_ERROR_CHARS)
}
