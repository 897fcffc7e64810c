import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Database } from '../../server/db/client'
import { jobs, outbox, rateLimits, sandboxObjects } from '../../server/db/schema'
import { defineJob, defineRecurringJob, type JobContext, type JobDefinition } from '../../server/jobs/define'
import { pruneOldRows } from '../../server/jobs/prune.job'
import { createJobRunner, type JobRunner, type JobRunnerOptions } from '../../server/jobs/runner'
import { claimJobs, enqueue } from '../../server/jobs/store'
import { createLogger } from '../../server/lib/log'
import { uuidv7 } from '../../server/lib/uuid'
import { databaseKinds, openTestDatabase } from '../support/db'
import { createEffectsTable, effectCounts, gate, recordEffect, testClock, until } from '../support/jobs'

const SECOND = 1000

describe.each(databaseKinds)('job runner on %s', (kind) => {
  let database: Database
  let clock: ReturnType<typeof testClock>
  let logs: string[]
  const runners: JobRunner[] = []

  const db = () => database.db
  const runner = (definitions: JobDefinition[], opts: Partial<JobRunnerOptions> = {}) => {
    const made = createJobRunner({
      db: database.db,
      log: createLogger('debug', (line) => logs.push(line)),
      definitions,
      now: clock.now,
      ...opts,
    })
    runners.push(made)
    return made
  }
  const row = async (id: string | null) => {
    const [found] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.id, id ?? ''))
    if (!found) throw new Error(`no job ${id}`)
    return found
  }
  const byName = (name: string) =>
    db().select().from(jobs).where(eq(jobs.name, name)).orderBy(jobs.createdAt, jobs.id)

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    await createEffectsTable(database.db)
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    clock = testClock()
    logs = []
    await db().delete(jobs)
    await db().execute(sql`delete from job_effects`)
  })
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop({ timeoutMs: 1000 })))
  })

  /** A job that records each run as an effect row. */
  const effect = defineJob({
    name: 'test.effect',
    payload: z.object({ note: z.string() }),
    async run(_payload, { jobId }) {
      await recordEffect(database.db, jobId, 'test')
    },
  })

  it('runs a job once with its payload and records it done; it never runs again', async () => {
    const seen: { note: string }[] = []
    const noted = defineJob({
      name: 'test.noted',
      payload: z.object({ note: z.string() }),
      async run(payload, { jobId }) {
        seen.push(payload)
        await recordEffect(database.db, jobId, 'test')
      },
    })
    const id = await enqueue(db(), noted, { note: 'habari' }, { runAt: clock.now() })
    const r = runner([noted])
    expect(await r.runDue()).toBe(1)
    expect(seen).toEqual([{ note: 'habari' }])
    expect(await row(id)).toMatchObject({
      status: 'done',
      attempts: 1,
      lastError: null,
      lockedBy: null,
      lockedUntil: null,
      finishedAt: clock.now(),
    })
    clock.advance(3600 * SECOND)
    expect(await r.runDue()).toBe(0)
    expect(await runner([noted]).runDue()).toBe(0)
    expect((await effectCounts(db())).get(id as string)).toBe(1)
  })

  it('does not run a job before its time', async () => {
    const id = await enqueue(
      db(),
      effect,
      { note: 'later' },
      { runAt: new Date(clock.now().getTime() + 60 * SECOND) },
    )
    const r = runner([effect])
    expect(await r.runDue()).toBe(0)
    clock.advance(59 * SECOND)
    expect(await r.runDue()).toBe(0)
    clock.advance(1 * SECOND)
    expect(await r.runDue()).toBe(1)
    expect((await row(id)).status).toBe('done')
  })

  it('refuses to enqueue a payload that does not fit, saying which job', async () => {
    await expect(enqueue(db(), effect, { note: 7 } as never)).rejects.toThrow(/test\.effect/)
    expect(await byName('test.effect')).toHaveLength(0)
  })

  it('retries a failing job with exponential backoff, keeping its last error', async () => {
    let calls = 0
    const flaky = defineJob({
      name: 'test.flaky',
      payload: z.object({}),
      async run() {
        calls++
        if (calls < 3) throw new Error(`provider timed out (call ${calls})`)
      },
    })
    const id = await enqueue(db(), flaky, {}, { runAt: clock.now() })
    const r = runner([flaky])
    expect(await r.runDue()).toBe(1)
    const start = clock.now().getTime()
    expect(await row(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'provider timed out (call 1)',
      runAt: new Date(start + 10 * SECOND),
      lockedBy: null,
    })
    expect(
      logs.some((line) => line.includes('attempt failed; retrying') && line.includes(id as string)),
    ).toBe(true)
    // Not before its backoff.
    clock.advance(9 * SECOND)
    expect(await r.runDue()).toBe(0)
    clock.advance(1 * SECOND)
    expect(await r.runDue()).toBe(1)
    // Twice as long after the second failure.
    expect(await row(id)).toMatchObject({
      status: 'queued',
      attempts: 2,
      lastError: 'provider timed out (call 2)',
      runAt: new Date(start + 30 * SECOND),
    })
    clock.advance(20 * SECOND)
    expect(await r.runDue()).toBe(1)
    // Done, and the error it got over is still there to read.
    expect(await row(id)).toMatchObject({
      status: 'done',
      attempts: 3,
      lastError: 'provider timed out (call 2)',
    })
  })

  it('fails a job for good after its max attempts, and logs it', async () => {
    const broken = defineJob({
      name: 'test.broken',
      payload: z.object({}),
      maxAttempts: 2,
      backoffMs: () => 5 * SECOND,
      async run() {
        throw new TypeError('cannot read the payout account')
      },
    })
    const id = await enqueue(db(), broken, {}, { runAt: clock.now() })
    const r = runner([broken])
    expect(await r.runDue()).toBe(1)
    clock.advance(5 * SECOND)
    expect(await r.runDue()).toBe(1)
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'TypeError: cannot read the payout account',
      finishedAt: clock.now(),
    })
    const line = logs.find((l) => l.includes('failed for good'))
    expect(line).toContain(`"jobId":"${id}"`)
    expect(line).toContain('"job":"test.broken"')
    expect(line).toContain('cannot read the payout account')
    clock.advance(3600 * SECOND)
    expect(await r.runDue()).toBe(0)
  })

  it('fails a job whose stored payload does not fit its schema at once, without retrying', async () => {
    const [inserted] = await db()
      .insert(jobs)
      .values({
        id: crypto.randomUUID(),
        name: effect.name,
        payload: { note: 42 },
        runAt: clock.now(),
        maxAttempts: 5,
      })
      .returning()
    const r = runner([effect])
    expect(await r.runDue()).toBe(1)
    const after = await row(inserted?.id ?? null)
    expect(after.status).toBe('failed')
    expect(after.attempts).toBe(1)
    expect(after.lastError).toContain('payload does not fit')
    expect((await effectCounts(db())).size).toBe(0)
  })

  it('leaves jobs it has no handler for to runners that have one', async () => {
    const id = await enqueue(db(), effect, { note: 'x' }, { runAt: clock.now() })
    const other = defineJob({ name: 'test.other', payload: z.object({}), run: async () => {} })
    expect(await runner([other]).runDue()).toBe(0)
    expect((await row(id)).status).toBe('queued')
  })

  it('claims a job again once the lease of an instance that died has run out', async () => {
    const id = await enqueue(db(), effect, { note: 'orphan' }, { runAt: clock.now() })
    // An instance claims it and dies at once: nobody renews its lease.
    const [dead] = await claimJobs(db(), {
      names: [effect.name],
      workerId: 'dead-instance',
      now: clock.now(),
      leaseMs: 30 * SECOND,
      limit: 10,
    })
    expect(dead?.id).toBe(id)
    const r = runner([effect], { leaseMs: 30 * SECOND })
    expect(await r.runDue()).toBe(0)
    clock.advance(30 * SECOND)
    // Still held at the very end of the lease.
    expect(await r.runDue()).toBe(0)
    clock.advance(1)
    expect(await r.runDue()).toBe(1)
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2 })
    expect((await effectCounts(db())).get(id as string)).toBe(1)
  })

  it('fails a job whose instance died on its last attempt instead of claiming it for ever', async () => {
    const once = defineJob({ name: 'test.once', payload: z.object({}), maxAttempts: 1, run: async () => {} })
    const id = await enqueue(db(), once, {}, { runAt: clock.now() })
    await claimJobs(db(), {
      names: [once.name],
      workerId: 'dead',
      now: clock.now(),
      leaseMs: SECOND,
      limit: 1,
    })
    clock.advance(2 * SECOND)
    expect(await runner([once]).runDue()).toBe(0)
    const after = await row(id)
    expect(after.status).toBe('failed')
    expect(after.lastError).toContain('lease ran out')
    expect(
      logs.some((l) => l.includes('its instance stopped on its last attempt') && l.includes(id as string)),
    ).toBe(true)
  })

  it('keeps a long run to its instance by renewing the lease while the handler runs', async () => {
    const release = gate()
    let started = false
    const slow = defineJob({
      name: 'test.slow',
      payload: z.object({}),
      async run(_p, { jobId }) {
        started = true
        await release.opened
        await recordEffect(database.db, jobId, 'a')
      },
    })
    const id = await enqueue(db(), slow, {}, { runAt: clock.now() })
    const a = runner([slow], { leaseMs: 300 })
    const running = a.runDue()
    await until(() => started, 'the handler to start')
    const claimedUntil = (await row(id)).lockedUntil?.getTime() ?? 0
    // Long past the first lease on the shared clock: only a renewal keeps the job with A.
    clock.advance(10 * SECOND)
    await until(
      async () => ((await row(id)).lockedUntil?.getTime() ?? 0) > claimedUntil + 9 * SECOND,
      'the lease to be renewed',
    )
    expect(await runner([slow], { leaseMs: 300 }).runDue()).toBe(0)
    release.open()
    expect(await running).toBe(1)
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1 })
    expect((await effectCounts(db())).get(id as string)).toBe(1)
  })

  it('tells a run whose lease was taken over to stop, and records only the run that holds it', async () => {
    const contexts: JobContext[] = []
    const stubborn = defineJob({
      name: 'test.stubborn',
      payload: z.object({}),
      async run(_p, context) {
        contexts.push(context)
        // The first run waits until it is told it lost the job; the second finishes at once.
        if (context.attempt === 1)
          await new Promise((resolve) => context.signal.addEventListener('abort', resolve, { once: true }))
        await recordEffect(database.db, context.jobId, `attempt ${context.attempt}`)
      },
    })
    const id = await enqueue(db(), stubborn, {}, { runAt: clock.now() })
    // A's clock stands still, so its renewals never reach the time B's clock shows.
    const frozen = clock.now()
    const a = runner([stubborn], { leaseMs: 300, now: () => frozen })
    const first = a.runDue()
    await until(() => contexts.length === 1, 'the first run to start')
    clock.advance(60 * SECOND)
    expect(await runner([stubborn], { leaseMs: 300 }).runDue()).toBe(1)
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2 })
    await first
    expect(contexts[0]?.signal.aborted).toBe(true)
    // A's late end changed nothing.
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2 })
    expect(logs.some((l) => l.includes('lease lost'))).toBe(true)
  })

  it('keeps one queued or running job per unique key, and frees the key once it ends', async () => {
    const first = await enqueue(
      db(),
      effect,
      { note: 'a' },
      { uniqueKey: 'expire-order:1', runAt: clock.now() },
    )
    expect(first).not.toBeNull()
    expect(
      await enqueue(db(), effect, { note: 'b' }, { uniqueKey: 'expire-order:1', runAt: clock.now() }),
    ).toBeNull()
    const other = await enqueue(
      db(),
      effect,
      { note: 'c' },
      { uniqueKey: 'expire-order:2', runAt: clock.now() },
    )
    expect(other).not.toBeNull()
    expect(await byName(effect.name)).toHaveLength(2)
    expect(await runner([effect]).runDue()).toBe(2)
    const again = await enqueue(
      db(),
      effect,
      { note: 'd' },
      { uniqueKey: 'expire-order:1', runAt: clock.now() },
    )
    expect(again).not.toBeNull()
    expect(again).not.toBe(first)
  })

  it('queues the first occurrence of a recurring job once however many runners start, and each run queues the next', async () => {
    let runs = 0
    const tick = defineRecurringJob({
      name: 'test.tick',
      schedule: { everyMs: 30 * SECOND },
      async run() {
        runs++
      },
    })
    const start = clock.now().getTime()
    const [a, b, c] = [runner([tick]), runner([tick]), runner([tick])] as [JobRunner, JobRunner, JobRunner]
    await Promise.all([a.runDue(), b.runDue(), c.runDue()])
    expect(await byName('test.tick')).toEqual([
      expect.objectContaining({
        status: 'queued',
        runAt: new Date(start + 30 * SECOND),
        uniqueKey: 'recurring:test.tick',
      }),
    ])
    clock.advance(30 * SECOND)
    expect((await Promise.all([a.runDue(), b.runDue(), c.runDue()])).reduce((x, y) => x + y)).toBe(1)
    expect(runs).toBe(1)
    const rows = await byName('test.tick')
    expect(rows.map((r) => [r.status, r.runAt.getTime()])).toEqual([
      ['done', start + 30 * SECOND],
      ['queued', start + 60 * SECOND],
    ])
    // Started again (a restart), the runners add nothing: the next occurrence is already there.
    await runner([tick]).runDue()
    expect(await byName('test.tick')).toHaveLength(2)
  })

  it('queues the next occurrence of a recurring job that failed for good', async () => {
    const sweep = defineRecurringJob({
      name: 'test.sweep',
      schedule: { everyMs: 30 * SECOND },
      maxAttempts: 1,
      async run() {
        throw new Error('database busy')
      },
    })
    const r = runner([sweep])
    await r.runDue()
    clock.advance(30 * SECOND)
    expect(await r.runDue()).toBe(1)
    const rows = await byName('test.sweep')
    expect(rows.map((x) => [x.status, x.lastError])).toEqual([
      ['failed', 'database busy'],
      ['queued', null],
    ])
    expect(rows[1]?.runAt).toEqual(new Date(clock.now().getTime() + 30 * SECOND))
    expect(logs.some((l) => l.includes('its next occurrence is queued') && l.includes('database busy'))).toBe(
      true,
    )
  })

  it('runs a daily job at 06:00 in its zone, then at 06:00 the next day', async () => {
    const stamps: string[] = []
    const payouts = defineRecurringJob({
      name: 'test.payouts',
      schedule: { dailyAt: '06:00', timeZone: 'Africa/Nairobi' },
      async run({ now }) {
        stamps.push(now().toISOString())
      },
    })
    // 12:00 in Nairobi: today's 06:00 has gone.
    const r = runner([payouts])
    await r.runDue()
    expect((await byName('test.payouts')).map((x) => x.runAt.toISOString())).toEqual([
      '2026-06-02T03:00:00.000Z',
    ])
    clock.advance(18 * 3600 * SECOND)
    expect(await r.runDue()).toBe(1)
    expect(stamps).toEqual(['2026-06-02T03:00:00.000Z'])
    expect((await byName('test.payouts')).map((x) => [x.status, x.runAt.toISOString()])).toEqual([
      ['done', '2026-06-02T03:00:00.000Z'],
      ['queued', '2026-06-03T03:00:00.000Z'],
    ])
  })

  it('polls on its own once started, and stop() waits for the run in progress and claims nothing more', async () => {
    const release = gate()
    let started = 0
    const blocking = defineJob({
      name: 'test.blocking',
      payload: z.object({ note: z.string() }),
      async run(_p, { jobId }) {
        started++
        await release.opened
        await recordEffect(database.db, jobId, 'blocking')
      },
    })
    const r = runner([blocking], { pollMs: 20 })
    r.start()
    const first = await enqueue(db(), blocking, { note: 'first' }, { runAt: clock.now() })
    await until(() => started === 1, 'the poller to claim the job')
    let stopped = false
    const stopping = r.stop({ timeoutMs: 10_000 }).then(() => {
      stopped = true
    })
    const second = await enqueue(db(), blocking, { note: 'second' }, { runAt: clock.now() })
    // Several poll intervals: a runner still polling would have claimed the second job by now.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(stopped).toBe(false)
    expect((await row(first)).status).toBe('running')
    release.open()
    await stopping
    expect(await row(first)).toMatchObject({ status: 'done', attempts: 1 })
    expect(await row(second)).toMatchObject({ status: 'queued', attempts: 0 })
    expect(started).toBe(1)
  })

  it('stop() gives up on a run after its timeout: the run is told to stop and left to its lease', async () => {
    let context: JobContext | null = null
    const endless = defineJob({
      name: 'test.endless',
      payload: z.object({}),
      async run(_p, ctx) {
        context = ctx
        await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }))
      },
    })
    const id = await enqueue(db(), endless, {}, { runAt: clock.now() })
    const r = runner([endless], { pollMs: 20 })
    r.start()
    await until(() => context !== null, 'the run to start')
    await r.stop({ timeoutMs: 50 })
    expect((context as JobContext | null)?.signal.aborted).toBe(true)
    // Nothing recorded after stop(): the job is still running under the lease, for another instance to take.
    expect(await row(id)).toMatchObject({ status: 'running', attempts: 1, lockedBy: r.workerId })
    expect(logs.some((l) => l.includes('runs still going when the wait ran out'))).toBe(true)
  })

  it('prunes done jobs after 7 days and failed ones after 30, daily at 03:00 UTC', async () => {
    const DAY = 86_400 * SECOND
    const at = clock.now().getTime()
    const finished = (status: 'done' | 'failed' | 'queued', daysAgo: number | null) => ({
      id: crypto.randomUUID(),
      name: effect.name,
      runAt: new Date(at - 40 * DAY),
      maxAttempts: 1,
      status,
      finishedAt: daysAgo === null ? null : new Date(at - daysAgo * DAY),
    })
    const rows = [
      finished('done', 8),
      finished('done', 6),
      finished('failed', 31),
      finished('failed', 8),
      finished('queued', null),
    ]
    await db().insert(jobs).values(rows)
    const r = runner([pruneOldRows({ db: database.db, log: createLogger('silent') })])
    await r.runDue()
    const [prune] = await byName('jobs.prune')
    expect(prune?.runAt.toISOString()).toBe('2026-06-02T03:00:00.000Z')
    clock.advance(prune ? prune.runAt.getTime() - at : 0)
    expect(await r.runDue()).toBe(1)
    const left = await byName(effect.name)
    // Measured from 03:00 the next day: the 6-day-old done job is now 6.75 days old.
    expect(left.map((x) => x.id).sort()).toEqual([rows[1], rows[3], rows[4]].map((x) => x?.id).sort())
  })

  it('prunes outbox copies and sandbox records after 30 days and rate-limit counters after a day, and logs the counts', async () => {
    const DAY = 86_400 * SECOND
    const HOUR = 3_600 * SECOND
    await db().delete(outbox)
    await db().delete(rateLimits)
    await db().delete(sandboxObjects)
    const r = runner([
      pruneOldRows({ db: database.db, log: createLogger('info', (line) => logs.push(line)) }),
    ])
    await r.runDue()
    const [prune] = await byName('jobs.prune')
    clock.advance((prune?.runAt.getTime() ?? 0) - clock.now().getTime())
    // Ages from the time the prune runs (03:00 the next day).
    const at = clock.now().getTime()
    const ago = (ms: number) => new Date(at - ms)
    const mail = (id: string, age: number) => ({
      id,
      kind: 'mail',
      recipient: 'amina@example.com',
      subject: 'Your Soko receipt',
      text: 'Thank you',
      raw: 'Subject: Your Soko receipt\n\nThank you',
      createdAt: ago(age),
    })
    const [oldMail, newMail] = [uuidv7(), uuidv7()]
    await db()
      .insert(outbox)
      .values([
        mail(oldMail, 31 * DAY),
        mail(newMail, 29 * DAY),
        {
          id: uuidv7(),
          kind: 'sms',
          recipient: '254711222333',
          text: '123456 is your code',
          createdAt: ago(40 * DAY),
        },
      ])
    await db()
      .insert(rateLimits)
      .values([
        { key: 'signIn:ip:192.0.2.1', windowStart: ago(25 * HOUR), hits: 3 },
        { key: 'signIn:ip:192.0.2.2', windowStart: ago(23 * HOUR), hits: 3 },
        { key: 'signIn:ip:192.0.2.3', windowStart: ago(10 * 60 * SECOND), hits: 1 },
      ])
    const sandbox = (id: string, age: number) => ({
      provider: 'mpesa',
      id,
      kind: 'stk',
      data: { id },
      createdAt: ago(age),
      updatedAt: ago(age),
    })
    await db()
      .insert(sandboxObjects)
      .values([sandbox('ws_CO_old', 31 * DAY), sandbox('ws_CO_new', 29 * DAY), sandbox('ws_CO_now', HOUR)])
    await db()
      .insert(jobs)
      .values({
        id: crypto.randomUUID(),
        name: effect.name,
        runAt: ago(10 * DAY),
        maxAttempts: 1,
        status: 'done',
        finishedAt: ago(8 * DAY),
      })

    expect(await r.runDue()).toBe(1)
    expect((await db().select({ id: outbox.id }).from(outbox)).map((row) => row.id)).toEqual([newMail])
    expect(
      (await db().select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key).sort(),
    ).toEqual(['signIn:ip:192.0.2.2', 'signIn:ip:192.0.2.3'])
    expect(
      (await db().select({ id: sandboxObjects.id }).from(sandboxObjects)).map((row) => row.id).sort(),
    ).toEqual(['ws_CO_new', 'ws_CO_now'])
    expect(await byName(effect.name)).toEqual([])
    const line = logs.find((l) => l.includes('old rows pruned'))
    expect(JSON.parse(line ?? '{}')).toMatchObject({ jobs: 1, outbox: 2, rate_limits: 1, sandbox_objects: 1 })
  })
})
