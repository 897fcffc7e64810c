import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { count, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type Database, type DatabaseTarget, openDatabase } from '../../server/db/client'
import { jobs } from '../../server/db/schema'
import { defineJob } from '../../server/jobs/define'
import { createJobRunner } from '../../server/jobs/runner'
import { enqueue } from '../../server/jobs/store'
import { createLogger } from '../../server/lib/log'
import { startCluster } from '../support/cluster'
import { createScratchDatabase, databaseKinds, migrationsDir } from '../support/db'
import { createEffectsTable, effectCounts, recordEffect, until } from '../support/jobs'
import { rootDir, startServer } from '../support/process'

/** Several runners on one PostgreSQL, as several instances of the server behind a load balancer. */
describe.runIf(process.env.DATABASE_URL)('job runners of two instances on one PostgreSQL', () => {
  it('share 100 jobs so that each handler effect happens exactly once, leaving none queued', async () => {
    const scratch = await createScratchDatabase()
    // Two pools, as two processes would have.
    const a = await openDatabase({ kind: 'postgres', url: scratch.url }, migrationsDir)
    const b = await openDatabase({ kind: 'postgres', url: scratch.url }, migrationsDir)
    const logs: string[] = []
    const log = createLogger('warn', (line) => logs.push(line))
    try {
      await createEffectsTable(a.db)
      const work = (database: Database, worker: string) =>
        defineJob({
          name: 'test.work',
          payload: z.object({ n: z.number() }),
          async run(_payload, { jobId }) {
            // Long enough for the other runner to come looking while this one works.
            await new Promise((resolve) => setTimeout(resolve, 5))
            await recordEffect(database.db, jobId, worker)
          },
        })
      const runners = [
        createJobRunner({ db: a.db, log, definitions: [work(a, 'a')], pollMs: 10, concurrency: 4 }),
        createJobRunner({ db: b.db, log, definitions: [work(b, 'b')], pollMs: 10, concurrency: 4 }),
      ]
      // A backlog first, so that both start by claiming from the same rows at once.
      const ids = await Promise.all(Array.from({ length: 100 }, (_, n) => enqueue(a.db, work(a, 'a'), { n })))
      for (const runner of runners) runner.start()
      const done = async () =>
        (await a.db.select({ n: count() }).from(jobs).where(eq(jobs.status, 'done')))[0]?.n === 100
      await until(done, 'all 100 jobs to be done', 20_000)
      await Promise.all(runners.map((runner) => runner.stop()))

      const effects = await effectCounts(a.db)
      // Every job's effect, once: a job run twice would show here with 2.
      expect([...effects].filter(([, n]) => n !== 1)).toEqual([])
      expect(new Set(effects.keys())).toEqual(new Set(ids))
      const statuses = await a.db.select({ status: jobs.status, n: count() }).from(jobs).groupBy(jobs.status)
      expect(statuses).toEqual([{ status: 'done', n: 100 }])
      // Both instances took part.
      const byWorker = (await a.db.execute(
        sql`select worker, count(*)::int as n from job_effects group by worker order by worker`,
      )) as unknown as { rows: { worker: string; n: number }[] }
      expect(byWorker.rows.map((row) => row.worker)).toEqual(['a', 'b'])
      expect(logs).toEqual([])
    } finally {
      await a.close()
      await b.close()
      await scratch.drop()
    }
  })
})

describe.runIf(process.env.DATABASE_URL)('servers on one PostgreSQL', () => {
  it('queue one payments.sweep between them, and stop cleanly on SIGTERM', async () => {
    const cluster = await startCluster()
    const start = async () => startServer({ env: await cluster.instanceEnv() })
    const servers = await Promise.all([start(), start()])
    const database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl }, migrationsDir)
    try {
      const sweeps = () => database.db.select().from(jobs).where(eq(jobs.name, 'payments.sweep'))
      await until(async () => (await sweeps()).length > 0, 'a server to queue the sweep')
      expect(await sweeps()).toEqual([
        expect.objectContaining({ status: 'queued', uniqueKey: 'recurring:payments.sweep' }),
      ])
      expect(await Promise.all(servers.map((server) => server.stop()))).toEqual([0, 0])
      for (const server of servers) expect(server.output()).not.toMatch(/"level":"error"/)
    } finally {
      await Promise.all(servers.map((server) => server.stop()))
      await database.close()
      await cluster.close()
    }
  }, 60_000)
})

/**
 * An instance killed with SIGKILL in the middle of a job: nothing records the end of the run, and once its
 * lease runs out another instance runs the job to the end.
 */
describe.each(databaseKinds)('a job runner killed mid-job, on %s', (kind) => {
  it('leaves the job to another runner, which completes it after the lease', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'soko-jobs-'))
    const scratch = kind === 'postgres' ? await createScratchDatabase() : null
    const target: DatabaseTarget = scratch
      ? { kind: 'postgres', url: scratch.url }
      : { kind: 'pglite', dataDir }
    // Short, to keep the test short; long enough that a worker slowed down by a busy machine keeps it.
    const LEASE_MS = 2000
    const finished = defineJob({
      name: 'test.killed',
      payload: z.object({}),
      async run(_payload, { jobId }) {
        await recordEffect(database.db, jobId, 'survivor')
      },
    })
    let database = await openDatabase(target, migrationsDir)
    let worker: ReturnType<typeof spawn> | null = null
    try {
      await createEffectsTable(database.db)
      const id = await enqueue(database.db, finished, {})
      // PGlite is one process's: this one lets go of it while the worker has it.
      if (kind === 'pglite') await database.close()

      worker = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(rootDir, 'tests/support/job-worker.ts')],
        {
          cwd: rootDir,
          env: {
            ...process.env,
            DATABASE_URL: scratch?.url ?? '',
            DATA_DIR: dataDir,
            JOB_LEASE_MS: String(LEASE_MS),
            JOB_POLL_MS: '50',
            LOG_LEVEL: 'warn',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      )
      let printed = ''
      worker.stdout?.on('data', (chunk: Buffer) => {
        printed += chunk.toString()
      })
      worker.stderr?.on('data', (chunk: Buffer) => {
        printed += chunk.toString()
      })
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        worker?.on('exit', (_code, signal) => resolve(signal)),
      )
      await until(
        () => printed.includes(`running ${id}`),
        `the worker to start the job (it printed: ${printed})`,
        20_000,
      )
      const workerId = /running \S+ as (\S+)/.exec(printed)?.[1]

      const survivor = () =>
        createJobRunner({
          db: database.db,
          log: createLogger('silent'),
          definitions: [finished],
          pollMs: 50,
          leaseMs: LEASE_MS,
        })
      let runner: ReturnType<typeof survivor> | null = null
      if (kind === 'postgres') {
        // While the worker lives, its renewals keep the job from the other runner past the first lease.
        runner = survivor()
        runner.start()
        const row = async () =>
          (
            await database.db
              .select()
              .from(jobs)
              .where(eq(jobs.id, id ?? ''))
          )[0]
        const first = (await row())?.lockedUntil?.getTime() ?? 0
        await until(
          async () => ((await row())?.lockedUntil?.getTime() ?? 0) > first + LEASE_MS,
          'the worker to renew its lease past the first',
        )
        expect(await row()).toMatchObject({ status: 'running', lockedBy: workerId, attempts: 1 })
      }

      worker.kill('SIGKILL')
      expect(await exited).toBe('SIGKILL')
      if (kind === 'pglite') {
        // The killed process's lock on the data folder is taken over, as a restarted server would.
        database = await openDatabase(target, migrationsDir)
        runner = survivor()
        runner.start()
      }
      await until(
        async () =>
          (
            await database.db
              .select()
              .from(jobs)
              .where(eq(jobs.id, id ?? ''))
          )[0]?.status === 'done',
        'the other runner to complete the job',
        20_000,
      )
      await runner?.stop()
      const [job] = await database.db
        .select()
        .from(jobs)
        .where(eq(jobs.id, id ?? ''))
      expect(job).toMatchObject({ status: 'done', attempts: 2, lockedBy: null })
      expect((await effectCounts(database.db)).get(id ?? '')).toBe(1)
    } finally {
      if (worker && worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL')
      await database.close().catch(() => {})
      await scratch?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})

/**
 * Two hosts whose clocks differ by ten minutes, one runner each: without one clock to go by, the host ahead
 * would take over every job the other is running as soon as it looked (the lease it sees has long run out)
 * and run a job due in five minutes at once.
 */
describe.runIf(process.env.DATABASE_URL)('job runners on hosts whose clocks differ by ten minutes', () => {
  it('run each due job once, take no lease over, and leave a job due later queued', async () => {
    const scratch = await createScratchDatabase()
    const database = await openDatabase({ kind: 'postgres', url: scratch.url }, migrationsDir)
    const workers: ReturnType<typeof spawn>[] = []
    let printed = ''
    try {
      await createEffectsTable(database.db)
      const effect = defineJob({
        name: 'test.effect',
        payload: z.object({ ms: z.number() }),
        run: async () => {},
      })
      // Each run outlasts a lease more than once, so leases are renewed while the other runner looks.
      const due = await Promise.all(
        Array.from({ length: 12 }, () => enqueue(database.db, effect, { ms: 1500 })),
      )
      const later = await enqueue(database.db, effect, { ms: 0 })
      await database.db.execute(
        sql`update jobs set run_at = now() + interval '5 minutes' where id = ${later}`,
      )
      const exits: Promise<unknown>[] = []
      for (const [name, skewMs] of [
        ['on time', 0],
        ['ten minutes ahead', 600_000],
      ] as const) {
        const worker = spawn(
          process.execPath,
          [
            '--import',
            path.join(rootDir, 'tests/support/skewed-clock.mjs'),
            '--import',
            'tsx',
            path.join(rootDir, 'tests/support/job-worker.ts'),
          ],
          {
            cwd: rootDir,
            env: {
              ...process.env,
              DATABASE_URL: scratch.url,
              DATA_DIR: mkdtempSync(path.join(tmpdir(), 'soko-jobs-')),
              SOKO_TEST_CLOCK_SKEW_MS: String(skewMs),
              WORKER_NAME: name,
              JOB_LEASE_MS: '600',
              JOB_POLL_MS: '50',
              LOG_LEVEL: 'warn',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        )
        for (const stream of [worker.stdout, worker.stderr])
          stream?.on('data', (chunk: Buffer) => {
            printed += chunk.toString()
          })
        exits.push(new Promise((resolve) => worker.on('exit', resolve)))
        workers.push(worker)
      }
      const doneCount = async () =>
        (await database.db.select({ n: count() }).from(jobs).where(eq(jobs.status, 'done')))[0]?.n ?? 0
      await until(
        async () => (await doneCount()) >= due.length,
        `the ${due.length} due jobs to be done (workers printed: ${printed})`,
        30_000,
      )
      // Long enough for the host ahead to have come looking for the later job many times.
      await new Promise((resolve) => setTimeout(resolve, 500))

      const effects = await effectCounts(database.db)
      expect([...effects].filter(([, n]) => n !== 1)).toEqual([])
      expect(new Set(effects.keys())).toEqual(new Set(due))
      const [row] = await database.db
        .select()
        .from(jobs)
        .where(eq(jobs.id, later ?? ''))
      expect(row).toMatchObject({ status: 'queued', attempts: 0 })
      // The host ahead said how far off it is, and that it goes by the database's clock.
      expect(printed).toMatch(/this host's clock is 600\.\d s ahead of the database's/)
      for (const worker of workers) worker.kill('SIGKILL')
      await Promise.all(exits)
    } finally {
      for (const worker of workers) worker.kill('SIGKILL')
      await database.close()
      await scratch.drop()
    }
  }, 60_000)
})
