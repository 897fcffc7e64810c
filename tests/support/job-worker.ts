/**
 * A job runner in a process of its own, for tests that kill it or run several: configured like the server
 * (DATABASE_URL or DATA_DIR, JOB_LEASE_MS, JOB_POLL_MS), it runs `test.killed` jobs, whose handler prints
 * that it has started and then never ends, and `test.effect` jobs, which take `ms` and then write a row to
 * the tests' job_effects table under WORKER_NAME. Run with `node --import tsx tests/support/job-worker.ts`.
 */
import { z } from 'zod'
import { openDatabase } from '../../server/db/client'
import { loadConfig } from '../../server/env'
import { defineJob } from '../../server/jobs/define'
import { createJobRunner } from '../../server/jobs/runner'
import { createLogger } from '../../server/lib/log'
import { migrationsDir } from './db'
import { recordEffect } from './jobs'

// A runner alone signs no links and stores no files: what several instances must share does not apply.
const config = loadConfig({ SINGLE_INSTANCE: 'on', ...process.env })
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
  migrationsDir,
)
const runner = createJobRunner({
  db: database.db,
  log: createLogger(config.logLevel),
  definitions: [
    defineJob({
      name: 'test.killed',
      payload: z.object({}),
      async run(_payload, { jobId }) {
        console.log(`running ${jobId} as ${runner.workerId}`)
        await new Promise(() => {})
      },
    }),
    defineJob({
      name: 'test.effect',
      payload: z.object({ ms: z.number().int().min(0) }),
      async run({ ms }, { jobId }) {
        await new Promise((resolve) => setTimeout(resolve, ms))
        await recordEffect(database.db, jobId, process.env.WORKER_NAME ?? 'worker')
      },
    }),
  ],
  pollMs: config.jobs.pollMs,
  leaseMs: config.jobs.leaseMs,
})
runner.start()
// The runner's timers do not keep a process alive (the server's socket does that): this does, until killed.
setInterval(() => {}, 60_000)
