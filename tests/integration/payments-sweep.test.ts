import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs, orders } from '../../server/db/schema'
import { createJobRunner } from '../../server/jobs/runner'
import { serverJobs } from '../../server/jobs/server-jobs'
import type { JobServices } from '../../server/jobs/services'
import { createLogger } from '../../server/lib/log'
import { createMailer } from '../../server/mail/mailer'
import { createGateway } from '../../server/payments/gateway'
import { createSms } from '../../server/sms/sms'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { testClock } from '../support/jobs'
import { productOnSale, sellerOf } from '../support/shop'

/** The server's recurring payments.sweep, run by the job runner as index.ts runs it. */
describe.each(databaseKinds)('payments.sweep on %s', (kind) => {
  let app: RunningApp
  let deps: JobServices
  let productId: string

  beforeAll(async () => {
    app = await startApp(kind)
    const log = createLogger('silent')
    deps = {
      db: app.database.db,
      config: app.config,
      log,
      mailer: createMailer(app.config, log, app.database.db),
      gateway: createGateway(app.config),
      terms: app.services.terms,
      storage: app.services.storage,
      sms: createSms({
        db: app.database.db,
        config: app.config,
        log: createLogger('silent'),
        mailer: createMailer(app.config, createLogger('silent'), app.database.db),
      }),
    }
    const seller = await sellerOf(app, 'sweeper')
    productId = await productOnSale(app, seller.id, {
      kind: 'digital',
      title: 'Sweep beats',
      description: '',
      price: { amount: 500_00, currency: 'KES' },
      details: { payWhatYouWant: null, downloadLimit: null, free: false },
    })
  })
  afterAll(async () => {
    await app?.close()
  })

  const cardOrder = async () => {
    const answer = await app.call('startCheckout', { productId, method: 'card', email: 'sweep@example.com' })
    expect(answer.status).toBe(200)
    return (answer.body.data as { orderId: string }).orderId
  }
  const order = async (id: string) =>
    (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]

  it('every 30 s expires holds that ran out and asks the provider about payments older than a minute', async () => {
    const expired = await cardOrder()
    const late = await cardOrder()
    const fresh = await cardOrder()
    await app.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, expired))
    await app.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(orders.id, late))

    const clock = testClock()
    const logs: string[] = []
    const runner = createJobRunner({
      db: app.database.db,
      log: createLogger('info', (line) => logs.push(line)),
      definitions: serverJobs(deps),
      now: clock.now,
    })
    // Started: the sweep is due 30 s on.
    expect(await runner.runDue()).toBe(0)
    const [queued] = await app.database.db.select().from(jobs).where(eq(jobs.name, 'payments.sweep'))
    expect(queued).toMatchObject({ status: 'queued', maxAttempts: 1, uniqueKey: 'recurring:payments.sweep' })
    expect(queued?.runAt).toEqual(new Date(clock.now().getTime() + 30_000))

    clock.advance(30_000)
    // This sweep and payouts.sweep, both every 30 s.
    expect(await runner.runDue()).toBe(2)
    expect((await order(expired))?.status).toBe('expired')
    // The late one was asked about (its session is still open, so it still waits); the fresh one was not.
    expect(await order(late)).toMatchObject({ status: 'pending', checkedAt: expect.any(Date) })
    expect(await order(fresh)).toMatchObject({ status: 'pending', checkedAt: null })
    const sweeps = await app.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.name, 'payments.sweep'))
      .orderBy(jobs.runAt)
    expect(sweeps.map((s) => [s.status, s.runAt.getTime() - clock.now().getTime()])).toEqual([
      ['done', 0],
      ['queued', 30_000],
    ])
    expect(logs.filter((line) => /"level":"(warn|error)"/.test(line))).toEqual([])
    await runner.stop()
  })
})
