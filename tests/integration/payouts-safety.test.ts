import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { payoutMethods, payouts } from '../../server/db/schema'
import { ledgerImbalance } from '../../server/ledger/ledger'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { databaseKinds } from '../support/db'
import { data, payoutSteps, payoutSweepers, SALE_NET } from '../support/payouts'
import { personOf } from '../support/shop'
import { localTime, zoneWhereItIs } from '../support/zones'

type Steps = ReturnType<typeof payoutSteps>
/** "… was added recently: it can receive money from Nov 28, 2026, 2:46 PM GMT+3." */
const WAITING =
  /was added recently: it can receive money from \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M \S+\.$/

/**
 * What stopped Soko or paid at the wrong time, each kept from coming back: a refusal worded inside a
 * transaction froze the embedded database; a schedule saved on its day paid at once; a withdrawal whose
 * answer was lost was made again when tapped again. New destinations wait 24 hours here, as in production.
 */
describe.each(databaseKinds)('payouts that must not stop Soko or pay early, on %s', (kind) => {
  let app: RunningApp
  let admin = ''
  let steps: Steps

  beforeAll(async () => {
    const base = testConfig()
    app = await startApp(kind, { payouts: { ...base.payouts, holdDays: 0, newMethodWaitHours: 24 } })
    admin = (await personOf(app, 'admin@example.com', { roles: ['admin'] })).token
    steps = payoutSteps(app, () => admin)
  })
  afterAll(async () => {
    await app?.close()
  })
  afterEach(async () => {
    await app.sandboxesIdle()
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  /** Skips a destination's waiting period (as if added yesterday). */
  const waited = (methodId: string) =>
    app.database.db
      .update(payoutMethods)
      .set({ usableFrom: new Date(Date.now() - 60_000) })
      .where(eq(payoutMethods.id, methodId))
  const healthy = async () => (await fetch(`${app.url}/healthz`)).status
  const available = async (token: string) =>
    data(await app.call('getBalances', {}, token)).balances[0]?.available as number
  const withdraw = (token: string, methodId: string, amount: number, requestKey = randomUUID()) =>
    app.call('requestPayout', { requestKey, currency: 'KES', amount, methodId, speed: 'instant' }, token)

  it('a withdrawal to a destination in its waiting period says when it can receive money, ten at once too, and Soko keeps answering', async () => {
    const seller = await steps.sellerWithSale('wairimu')
    const methodId = await steps.mpesaDestination(seller.token, '0712345101')
    const refused = await withdraw(seller.token, methodId, 1_000_00)
    expect(refused.status, JSON.stringify(refused.body)).toBe(409)
    expect(refused.body.message).toMatch(/^M-Pesa .*101 was added recently/)
    expect(refused.body.message).toMatch(WAITING)
    const many = await Promise.all(
      Array.from({ length: 10 }, () => withdraw(seller.token, methodId, 1_000_00)),
    )
    expect(many.map((answer) => answer.status)).toEqual(Array(10).fill(409))
    expect(await healthy()).toBe(200)
    expect(await available(seller.token)).toBe(SALE_NET.KES)
  })

  it("an admin's Send again to a destination in its waiting period is refused in words, and Soko keeps answering", async () => {
    const seller = await steps.sellerWithSale('chebet')
    // A first payout to a number not on M-Pesa fails; the seller then adds another number.
    const wrong = await steps.mpesaDestination(seller.token, '0700000701')
    await waited(wrong)
    const failed = await steps.payoutOf(seller.token, await steps.approvedPayout(seller.token, wrong))
    expect(failed.status).toBe('failed')
    const fresh = await steps.mpesaDestination(seller.token, '0712345102')
    const again = await app.call('retryPayout', { payoutId: failed.id, methodId: fresh }, admin)
    expect(again.status, JSON.stringify(again.body)).toBe(409)
    expect(again.body.message).toMatch(WAITING)
    expect(await healthy()).toBe(200)
    // Once the wait is over, the same Send again goes.
    await waited(fresh)
    const sent = await app.call('retryPayout', { payoutId: failed.id, methodId: fresh }, admin)
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  })

  /** The payouts sweep on two instances, from now, run `times` times 30 s apart. */
  async function sweeper() {
    const sweepers = await payoutSweepers(app, new Date())
    return {
      clock: sweepers.clock,
      async sweep(times = 1) {
        for (let i = 0; i < times; i++) {
          await sweepers.sweep()
          sweepers.clock.advance(30_000)
        }
      },
      stop: sweepers.stop,
    }
  }
  const scheduledOf = (sellerId: string) =>
    app.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.sellerId, sellerId))
      .then((rows) => rows.filter((row) => row.runKey))

  /** A seller in `timeZone` with a paid first payout (so runs need no approval) and money left. */
  async function sellerOnSchedule(handle: string, phone: string, timeZone: string) {
    const seller = await steps.sellerWithSale(handle)
    expect((await app.call('updateSettings', { timeZone }, seller.token)).status).toBe(200)
    const methodId = await steps.mpesaDestination(seller.token, phone)
    await waited(methodId)
    expect(
      (await steps.payoutOf(seller.token, await steps.approvedPayout(seller.token, methodId))).status,
    ).toBe('paid')
    return { ...seller, methodId }
  }
  /**
   * A seller in a zone where it is now between `from` and `to`, who saves "every week" on today's weekday:
   * the seller, the zone, today's local date, and the next run the page is told.
   */
  async function savedOnItsDay(handle: string, phone: string, from: string, to: string) {
    const timeZone = zoneWhereItIs(from, to)
    const seller = await sellerOnSchedule(handle, phone, timeZone)
    const today = localTime(new Date(), timeZone)
    const weekly = { frequency: 'weekly', weekday: today.weekday, methodId: seller.methodId }
    const schedule = await saveSchedule(seller.token, weekly)
    return { seller, timeZone, today, weekly, next: new Date(schedule.nextRunAt) }
  }
  const saveSchedule = async (token: string, schedule: Record<string, unknown>) => {
    const saved = await app.call('updatePayoutSchedule', { minimum: 0, ...schedule }, token)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    return data(saved).schedule as { nextRunAt: string }
  }

  it('a weekly schedule saved on its day after 06:00 pays nothing until next week’s run; an edit pays nothing either', async () => {
    const { seller, timeZone, today, weekly, next } = await savedOnItsDay(
      'nafula',
      '0712345103',
      '08:00',
      '21:00',
    )
    // The page says: a week today, at 06:00 the seller's time.
    const nextLocal = localTime(next, timeZone)
    expect(nextLocal.minutes).toBe(6 * 60)
    expect(Date.parse(nextLocal.date) - Date.parse(today.date)).toBe(7 * 86_400_000)
    const left = await available(seller.token)
    expect(left).toBe(SALE_NET.KES - 1_000_00)

    const money = await sweeper()
    await money.sweep(4)
    expect(await scheduledOf(seller.id)).toEqual([])
    // Edited the same day (daily now, a minimum): still nothing before tomorrow's 06:00.
    const daily = await saveSchedule(seller.token, {
      frequency: 'daily',
      methodId: seller.methodId,
      minimum: 100_00,
    })
    expect(localTime(new Date(daily.nextRunAt), timeZone).date).not.toBe(today.date)
    await money.sweep(4)
    expect(await scheduledOf(seller.id)).toEqual([])
    expect(await available(seller.token)).toBe(left)
    // Back to weekly; at next week's run it pays, once, with two instances sweeping.
    await saveSchedule(seller.token, weekly)
    money.clock.advance(next.getTime() - 60_000 - money.clock.now().getTime())
    await money.sweep(6)
    const runs = await scheduledOf(seller.id)
    expect(runs).toHaveLength(1)
    expect(runs[0]).toMatchObject({ runKey: `${nextLocal.date}:KES`, status: 'paid', amount: left })
    await money.stop()
  })

  it('a schedule saved on its day before 06:00 pays at that 06:00, as the page says, and not before', async () => {
    const { seller, timeZone, today, next } = await savedOnItsDay('anyango', '0712345104', '01:00', '05:00')
    expect(localTime(next, timeZone)).toMatchObject({ date: today.date, minutes: 6 * 60 })
    const money = await sweeper()
    await money.sweep(2)
    money.clock.advance(next.getTime() - 90_000 - money.clock.now().getTime())
    await money.sweep(3)
    expect(await scheduledOf(seller.id)).toHaveLength(0)
    await money.sweep(2)
    expect(await scheduledOf(seller.id)).toMatchObject([{ runKey: `${today.date}:KES`, status: 'paid' }])
    await money.stop()
  })

  it('the same request key answers the payout it made: replayed, ten at once, or with other details (409)', async () => {
    const seller = await steps.sellerWithSale('wekesa')
    const methodId = await steps.mpesaDestination(seller.token, '0712345105')
    await waited(methodId)
    await steps.approvedPayout(seller.token, methodId, 100_00)
    const before = await available(seller.token)
    const key = randomUUID()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => withdraw(seller.token, methodId, 500_00, key)),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200))
    const ids = new Set(answers.map((answer) => data(answer).payout.id))
    expect(ids.size).toBe(1)
    await app.sandboxesIdle()
    // Replayed after it was paid (the answer was lost): the same payout, paid; the balance moved once.
    const replay = await withdraw(seller.token, methodId, 500_00, key)
    expect(replay.status).toBe(200)
    expect(data(replay).payout).toMatchObject({ id: [...ids][0], status: 'paid' })
    expect(await available(seller.token)).toBe(before - 500_00)
    expect(await app.database.db.select().from(payouts).where(eq(payouts.requestKey, key))).toHaveLength(1)
    const other = await withdraw(seller.token, methodId, 600_00, key)
    expect(other.status).toBe(409)
    expect(other.body.message).toMatch(/already made with other details/)
    // Not a key: refused on the field.
    const bad = await app.call(
      'requestPayout',
      { requestKey: '<script>', currency: 'KES', amount: 500_00, methodId, speed: 'instant' },
      seller.token,
    )
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({
      requestKey: 'Send a new random UUID with each withdrawal (requestKey)',
    })
  })

  it.runIf(kind === 'postgres')(
    'the same request key sent ten times across two instances makes one payout',
    async () => {
      const other = await startApp(kind, { payouts: app.config.payouts }, { sharing: app })
      try {
        const seller = await steps.sellerWithSale('njeri')
        const methodId = await steps.mpesaDestination(seller.token, '0712345106')
        await waited(methodId)
        await steps.approvedPayout(seller.token, methodId, 100_00)
        const key = randomUUID()
        const ask = { requestKey: key, currency: 'KES', amount: 700_00, methodId, speed: 'instant' }
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            (i % 2 ? other : app).call('requestPayout', ask, seller.token),
          ),
        )
        expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200))
        expect(new Set(answers.map((answer) => data(answer).payout.id)).size).toBe(1)
        await Promise.all([app.sandboxesIdle(), other.sandboxesIdle()])
        expect(await app.database.db.select().from(payouts).where(eq(payouts.requestKey, key))).toHaveLength(
          1,
        )
      } finally {
        await other.sandboxesIdle()
        await other.close()
      }
    },
  )
})
