import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { orders } from '../../server/db/schema'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { eventOnSale, personOf, sellerOf } from '../support/shop'

// References are random (one collision in 10^12): here the first two asked for are the same.
const made = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../server/features/checkout/orders', async (importActual) => {
  const actual = await importActual<typeof import('../../server/features/checkout/orders')>()
  return {
    ...actual,
    newReference: () => (++made.count <= 2 ? 'SKSAMEREF01' : actual.newReference()),
  }
})

/**
 * An order whose reference is already taken gets a fresh one, in the same transaction. (Catching the
 * unique violation and trying again would not do: on PostgreSQL the failed insert aborts the transaction.)
 */
describe.each(databaseKinds)('order references on %s', (kind) => {
  let app: RunningApp
  beforeAll(async () => {
    app = await startApp(kind)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('a reference already taken is skipped: both checkouts get an order, each its own reference', async () => {
    made.count = 0
    const seller = await sellerOf(app, `refs${kind}`)
    const productId = await eventOnSale(app, seller.id, 'Reference night', {
      amount: 1_000_00,
      currency: 'KES',
    })
    const buyers = [
      await personOf(app, `a-${kind}@example.com`),
      await personOf(app, `b-${kind}@example.com`),
    ]
    for (const buyer of buyers) {
      const started = await app.call('startCheckout', { productId, method: 'card' }, buyer.token)
      expect(started.status, JSON.stringify(started.body)).toBe(200)
    }
    const references = (await app.database.db.select({ reference: orders.reference }).from(orders)).map(
      (row) => row.reference,
    )
    expect(references).toHaveLength(2)
    expect(references).toContain('SKSAMEREF01')
    expect(new Set(references).size).toBe(2)
  })
})
