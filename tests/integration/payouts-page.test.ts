import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { APPROVAL_TAKES } from '../../contract/payouts.constants'
import { ledgerImbalance } from '../../server/ledger/ledger'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { databaseKinds } from '../support/db'
import { data, payoutSteps } from '../support/payouts'
import { personOf } from '../support/shop'
import { localTime } from '../support/zones'

type Steps = ReturnType<typeof payoutSteps>
/** "Friday 4 December, 06:00". */
const RUN_WORDS =
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December), \d{2}:\d{2}$/

/**
 * What the withdraw page reads before the seller confirms: whether the next payout waits for approval and
 * how long that takes, above what amount a payout always does, and the schedule's next run in words in the
 * seller's zone, with the minimum it keeps; letters for a minimum are refused as "Enter an amount".
 */
describe.each(databaseKinds)('the withdraw page’s figures and schedule, on %s', (kind) => {
  let app: RunningApp
  let admin = ''
  let steps: Steps

  beforeAll(async () => {
    const base = testConfig()
    app = await startApp(kind, { payouts: { ...base.payouts, holdDays: 0, newMethodWaitHours: 0 } })
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

  const methodsOf = async (token: string) => data(await app.call('listPayoutMethods', {}, token))

  it('says a first payout waits for approval, and how long, until one has been paid; and the approval amount', async () => {
    const seller = await steps.sellerWithSale('chebet')
    const before = await methodsOf(seller.token)
    expect(before.firstPayout).toBe(true)
    expect(before.figures.approvalOver).toEqual(
      expect.arrayContaining([{ currency: 'KES', amount: app.config.payouts.approvalOver.KES }]),
    )
    const methodId = await steps.mpesaDestination(seller.token, '0712345201')
    const paid = await steps.payoutOf(seller.token, await steps.approvedPayout(seller.token, methodId))
    expect(paid.status).toBe('paid')
    // What the page said before Confirm is what the payout's timeline said while it waited.
    expect(paid.timeline.map((step: { text: string }) => step.text)).toContain(
      `Your first payout: the Soko team approves it first, ${APPROVAL_TAKES}.`,
    )
    expect((await methodsOf(seller.token)).firstPayout).toBe(false)
  })

  it('states the next run in words in the seller’s zone, and when a standard payout would go', async () => {
    const seller = await steps.sellerWithSale('jepkoech')
    // Tokyo: nine hours ahead of the server's UTC, so a run's words differ from the server's own date.
    expect((await app.call('updateSettings', { timeZone: 'Asia/Tokyo' }, seller.token)).status).toBe(200)
    const manual = (await methodsOf(seller.token)).schedule
    expect(manual).toMatchObject({ frequency: 'manual', nextRunAt: null, nextRunText: null })
    expect(manual.timeZone).toBe('Asia/Tokyo')
    // Without a schedule, a standard payout goes at the next 06:00 in Tokyo, said so.
    const standard = localTime(new Date(manual.standardAt), 'Asia/Tokyo')
    expect(standard.minutes).toBe(6 * 60)
    expect(manual.standardText).toMatch(RUN_WORDS)
    expect(manual.standardText).toContain(', 06:00')
    expect(manual.standardText).toContain(` ${Number(standard.date.slice(8))} `)

    const methodId = await steps.mpesaDestination(seller.token, '0712345202')
    const saved = await app.call(
      'updatePayoutSchedule',
      { frequency: 'weekly', weekday: 5, methodId, minimum: 1_500_00 },
      seller.token,
    )
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const weekly = data(saved).schedule
    expect(weekly.nextRunText).toMatch(/^Friday \d{1,2} \w+, 06:00$/)
    const next = localTime(new Date(weekly.nextRunAt), 'Asia/Tokyo')
    expect(next).toMatchObject({ weekday: 5, minutes: 6 * 60 })
    expect(weekly.nextRunText).toContain(`Friday ${Number(next.date.slice(8))} `)
    // A standard payout now goes with that run; read again, the schedule keeps its minimum.
    expect(weekly.standardAt).toBe(weekly.nextRunAt)
    expect(weekly.standardText).toBe(weekly.nextRunText)
    expect((await methodsOf(seller.token)).schedule).toMatchObject({
      frequency: 'weekly',
      weekday: 5,
      methodId,
      minimum: 1_500_00,
      nextRunText: weekly.nextRunText,
    })
  })

  it('refuses letters for the minimum with “Enter an amount”, and a negative one as negative', async () => {
    const seller = await steps.sellerWithSale('kiprop')
    const methodId = await steps.mpesaDestination(seller.token, '0712345203')
    const letters = await app.call(
      'updatePayoutSchedule',
      { frequency: 'daily', methodId, minimum: 'abc' },
      seller.token,
    )
    expect(letters.status).toBe(400)
    expect(letters.body.errors).toEqual({ minimum: 'Enter an amount' })
    const negative = await app.call(
      'updatePayoutSchedule',
      { frequency: 'daily', methodId, minimum: -100 },
      seller.token,
    )
    expect(negative.status).toBe(400)
    expect(negative.body.errors).toEqual({ minimum: 'The minimum cannot be negative' })
    // Nothing was saved by either.
    expect((await methodsOf(seller.token)).schedule).toMatchObject({ frequency: 'manual', minimum: 0 })
  })
})
