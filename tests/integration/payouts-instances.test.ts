import { randomUUID } from 'node:crypto'
import { and, eq, inArray, like, lte } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobs, ledgerTransactions, payouts } from '../../server/db/schema'
import { requestPayout } from '../../server/features/payouts/payouts.service'
import { SEND_BATCH, sendDue } from '../../server/features/payouts/schedule'
import { claimSends } from '../../server/features/payouts/send'
import { createJobRunner } from '../../server/jobs/runner'
import { serverJobs } from '../../server/jobs/server-jobs'
import { ledgerImbalance } from '../../server/ledger/ledger'
import { createLogger } from '../../server/lib/log'
import type { PaymentProvider, PayoutRequest } from '../../server/payments/provider'
import type { AppServices } from '../../server/services'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { testClock, until } from '../support/jobs'
import { ledgerInvariantViolations } from '../support/ledger-invariants'
import { payoutSteps } from '../support/payouts'
import { personOf } from '../support/shop'

const DUE = 120
const AMOUNT = 30_00

/**
 * M-Pesa as both instances reach it: each send recorded with the instance that made it, and paid at once.
 * Until both instances have had a send under way at the same moment, a send waits for that (5 s at most,
 * then no send waits again), so the test sees whether the second instance can take part while the first
 * is still sending, not whether it happened to.
 */
function countingMpesa() {
  const sends: { key: string; instance: string }[] = []
  const underWay = new Map<string, number>()
  let together = false
  let gaveUp = false
  const provider = (deps: AppServices, instance: string): AppServices => {
    const real = deps.gateway.providers.mpesa
    const payOut = async (req: PayoutRequest) => {
      sends.push({ key: req.id, instance })
      underWay.set(instance, (underWay.get(instance) ?? 0) + 1)
      try {
        if ([...underWay.values()].filter((n) => n > 0).length > 1) together = true
        if (!gaveUp) await until(() => together, 'both instances sending', 5_000).catch(() => (gaveUp = true))
        return { state: 'done' as const, providerRef: `SBX${req.id.slice(-7)}`, amount: req.amount }
      } finally {
        underWay.set(instance, (underWay.get(instance) ?? 1) - 1)
      }
    }
    const mpesa: PaymentProvider = Object.assign(Object.create(real) as PaymentProvider, { payOut })
    return { ...deps, gateway: { ...deps.gateway, providers: { ...deps.gateway.providers, mpesa } } }
  }
  return { sends, provider, together: () => together }
}

/**
 * Two instances of the server on one PostgreSQL (each with its own pool), and DUE standard payouts of one
 * seller whose run has come, each asked for as a seller does, after a first payout that was approved.
 */
async function twoInstancesWithDuePayouts() {
  const base = testConfig()
  const payoutTerms = {
    ...base.payouts,
    holdDays: 0,
    newMethodWaitHours: 0,
    // Small payouts, so that one sale pays for all of them.
    minimum: { ...base.payouts.minimum, KES: 10_00 },
  }
  const a = await startApp('postgres', { payouts: payoutTerms })
  let b: RunningApp
  try {
    b = await startApp('postgres', { payouts: payoutTerms, payments: a.config.payments }, { sharing: a })
  } catch (error) {
    await a.close()
    throw error
  }
  const close = async () => {
    await b.close()
    await a.close()
  }
  try {
    const admin = (await personOf(a, 'admin@example.com', { roles: ['admin'] })).token
    const steps = payoutSteps(a, () => admin)
    const seller = await steps.sellerWithSale('wambui')
    const methodId = await steps.mpesaDestination(seller.token, '0712345678')
    // A first payout, approved and paid: the next ones need no approval.
    const first = await steps.approvedPayout(seller.token, methodId, 100_00)
    expect((await steps.payoutOf(seller.token, first)).status).toBe('paid')
    const ids: string[] = []
    for (let i = 0; i < DUE; i++) {
      const row = await requestPayout(a.services, seller.id, {
        currency: 'KES',
        amount: AMOUNT,
        methodId,
        speed: 'standard',
        requestedBy: seller.id,
        requestKey: randomUUID(),
      })
      expect(row.status).toBe('scheduled')
      ids.push(row.id)
    }
    // Their run has come.
    await a.database.db
      .update(payouts)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(inArray(payouts.id, ids))
    return { a, b, ids, close }
  } catch (error) {
    await close()
    throw error
  }
}

/** Each payout was sent once, under its own key, and is paid once; the books balance. */
async function paidOnce(app: RunningApp, ids: string[], sends: { key: string }[]) {
  expect(sends.map((send) => send.key).sort()).toEqual([...ids].sort())
  const rows = await app.database.db.select().from(payouts).where(inArray(payouts.id, ids))
  for (const row of rows) {
    expect(row).toMatchObject({ status: 'paid', attempts: 1, sendKey: row.id })
    expect(row.timeline.filter((s) => s.text === 'Sent with your scheduled payouts')).toHaveLength(1)
  }
  const sent = await app.database.db
    .select({ payoutId: ledgerTransactions.payoutId })
    .from(ledgerTransactions)
    .where(and(inArray(ledgerTransactions.payoutId, ids), eq(ledgerTransactions.kind, 'payout-sent')))
  expect(sent).toHaveLength(ids.length)
  expect(await ledgerImbalance(app.database.db)).toEqual({})
  expect(await ledgerInvariantViolations(app.database.db)).toEqual([])
}

describe.runIf(process.env.DATABASE_URL)('payout sweeps of two instances on one PostgreSQL', () => {
  it('two sweeps at once take different batches: 100 of 120 sent in one round, each once', async () => {
    const { a, b, ids, close } = await twoInstancesWithDuePayouts()
    try {
      const mpesa = countingMpesa()
      const now = new Date()
      await Promise.all([
        sendDue(mpesa.provider(a.services, 'a'), now),
        sendDue(mpesa.provider(b.services, 'b'), now),
      ])
      const by = (instance: string) => mpesa.sends.filter((send) => send.instance === instance).length
      expect([by('a'), by('b')]).toEqual([SEND_BATCH, SEND_BATCH])
      expect(new Set(mpesa.sends.map((send) => send.key)).size).toBe(2 * SEND_BATCH)
      expect(mpesa.together()).toBe(true)
      // The rest go with the next sweep, whichever instance runs it.
      await sendDue(mpesa.provider(b.services, 'b'), new Date(now.getTime() + 1000))
      await paidOnce(a, ids, mpesa.sends)
    } finally {
      await close()
    }
  }, 60_000)

  it('each sweep claims the payouts it moved itself first, whatever the other moved meanwhile', async () => {
    const { a, b, ids, close } = await twoInstancesWithDuePayouts()
    try {
      // Both have moved a batch to sending, a's a moment before b's: oldest first, b would take a's.
      const now = new Date()
      const mine = { a: ids.slice(0, SEND_BATCH), b: ids.slice(SEND_BATCH, 2 * SEND_BATCH) }
      for (const [batch, ago] of [
        [mine.a, 2_000],
        [mine.b, 1_000],
      ] as const)
        await a.database.db
          .update(payouts)
          .set({ status: 'sending', dueAt: new Date(now.getTime() - ago) })
          .where(inArray(payouts.id, [...batch]))
      const claimedB = await claimSends(b.services, now, SEND_BATCH, mine.b)
      const claimedA = await claimSends(a.services, now, SEND_BATCH, mine.a)
      expect(claimedB.map((row) => row.id).sort()).toEqual([...mine.b].sort())
      expect(claimedA.map((row) => row.id).sort()).toEqual([...mine.a].sort())
    } finally {
      await close()
    }
  }, 60_000)

  it('the sweep hands full batches to the other instance: 120 sent between them at the same time', async () => {
    const { a, b, ids, close } = await twoInstancesWithDuePayouts()
    const runners: ReturnType<typeof createJobRunner>[] = []
    try {
      const mpesa = countingMpesa()
      const clock = testClock(new Date().toISOString())
      const log = createLogger('warn', () => {})
      for (const [instance, app] of [
        ['a', a],
        ['b', b],
      ] as const)
        runners.push(
          createJobRunner({
            db: app.database.db,
            log,
            // The payouts jobs the server runs, each instance with its own pool and M-Pesa.
            definitions: serverJobs(mpesa.provider(app.services, instance)).filter((def) =>
              def.name.startsWith('payouts.'),
            ),
            now: clock.now,
            pollMs: 10,
            // One run at a time: an instance busy sending cannot also take the next batch itself.
            concurrency: 1,
            workerId: instance,
          }),
        )
      // Each queues the sweep's first occurrence (one between them), due a sweep from now; then it is due.
      await Promise.all(runners.map((runner) => runner.runDue()))
      clock.advance(a.config.payouts.sweepSeconds * 1000)
      for (const runner of runners) runner.start()
      // The sweep has run, and no batch it led to is left to run (the next sweep is not due yet).
      const settled = async () => {
        const live = await a.database.db
          .select({ name: jobs.name, status: jobs.status })
          .from(jobs)
          .where(and(like(jobs.name, 'payouts.%'), lte(jobs.runAt, clock.now())))
        return (
          live.some((job) => job.name === 'payouts.sweep' && job.status === 'done') &&
          !live.some((job) => job.status === 'queued' || job.status === 'running')
        )
      }
      await until(settled, 'the sweep and the batches it queued to end', 30_000)
      await Promise.all(runners.map((runner) => runner.stop()))

      expect(new Set(mpesa.sends.map((send) => send.instance))).toEqual(new Set(['a', 'b']))
      expect(mpesa.together()).toBe(true)
      await paidOnce(a, ids, mpesa.sends)
    } finally {
      await Promise.all(runners.map((runner) => runner.stop({ timeoutMs: 1000 })))
      await close()
    }
  }, 60_000)
})
