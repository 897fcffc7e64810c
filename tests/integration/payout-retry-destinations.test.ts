import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payoutMethods } from '../../server/db/schema'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { databaseKinds } from '../support/db'
import { data, payoutSteps } from '../support/payouts'
import { personOf } from '../support/shop'

/**
 * "Send again…" on a failed payout offers what retryPayout would take: the seller's destinations that
 * take the payout's currency and have finished their wait, the payout's own first.
 */
describe.each(databaseKinds)('where a failed payout can be sent again, on %s', (kind) => {
  let app: RunningApp
  let admin = ''
  let steps: ReturnType<typeof payoutSteps>

  beforeAll(async () => {
    const base = testConfig()
    app = await startApp(kind, { payouts: { ...base.payouts, holdDays: 0, newMethodWaitHours: 0 } })
    admin = (await personOf(app, 'desk@example.com', { roles: ['admin'] })).token
    steps = payoutSteps(app, () => admin)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('offers the payout’s own destination first, then the others that take its currency and are out of their wait', async () => {
    const seller = await steps.sellerWithSale('nyokabi')
    const other = await steps.mpesaDestination(seller.token, '0712000222')
    const own = await steps.mpesaDestination(seller.token, '0712000111')
    // PayPal pays in USD, EUR and GBP: not this KES payout.
    const paypal = await app.call(
      'addPayoutMethod',
      { method: { kind: 'paypal', email: 'nyokabi@example.com' } },
      seller.token,
    )
    expect(paypal.status).toBe(200)
    // Added just now on a server with a wait: it receives nothing before tomorrow.
    const waiting = await steps.mpesaDestination(seller.token, '0712000333')
    await app.database.db
      .update(payoutMethods)
      .set({ usableFrom: new Date(Date.now() + 86_400_000) })
      .where(eq(payoutMethods.id, waiting))

    const asked = await app.call(
      'requestPayout',
      { requestKey: randomUUID(), currency: 'KES', amount: 1_000_00, methodId: own, speed: 'instant' },
      seller.token,
    )
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    const payoutId = data(asked).payout.id as string
    const rejected = await app.call(
      'reviewPayout',
      { payoutId, approve: false, reason: 'Wrong name on the M-Pesa line' },
      admin,
    )
    expect(rejected.status).toBe(200)

    const offered = data(await app.call('listRetryDestinations', { payoutId }, admin)).destinations
    expect(offered).toEqual([
      { id: own, label: expect.stringContaining('111'), own: true },
      { id: other, label: expect.stringContaining('222'), own: false },
    ])

    // Its own destination removed since: the others only, none marked as its own.
    await app.database.db
      .update(payoutMethods)
      .set({ removedAt: new Date() })
      .where(eq(payoutMethods.id, own))
    const after = data(await app.call('listRetryDestinations', { payoutId }, admin)).destinations
    expect(after).toEqual([{ id: other, label: expect.stringContaining('222'), own: false }])

    // What is offered is what retryPayout takes; what is not, it refuses.
    expect((await app.call('retryPayout', { payoutId, methodId: waiting }, admin)).status).toBe(409)
    expect((await app.call('retryPayout', { payoutId, methodId: other }, admin)).status).toBe(200)

    expect((await app.call('listRetryDestinations', { payoutId }, seller.token)).status).toBe(403)
    expect(
      (await app.call('listRetryDestinations', { payoutId: '00000000-0000-7000-8000-000000000000' }, admin))
        .status,
    ).toBe(404)
  })
})
