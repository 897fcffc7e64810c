import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type RpcAnswer, type RunningApp, startApp } from '../support/app'
import { defaultCheckoutLimits } from '../support/config'
import { databaseKinds } from '../support/db'
import { eventInput } from '../support/event-input'
import { productOnSale, sellerOf } from '../support/shop'

/**
 * A ticket drop on a mobile network: carrier-grade NAT puts every buyer behind the same public address.
 * With the limits `npm start` has, each of them is a person with an e-mail and a device of their own, and
 * none is turned away because of the others. On PostgreSQL, two instances share the crowd, as behind a
 * load balancer; the counts they keep are the same rows.
 */

const BUYERS = 300
const IN_FLIGHT = 30
const CARRIER_ADDRESS = '41.90.64.7'

describe.each(databaseKinds)('a ticket drop from one network address on %s', (kind) => {
  it(`sells all ${BUYERS} tickets to ${BUYERS} buyers who share one address`, async () => {
    const overrides = { trustProxy: true, checkoutLimits: defaultCheckoutLimits() }
    const a = await startApp(kind, overrides)
    const apps: RunningApp[] = [a]
    try {
      if (kind === 'postgres') apps.push(await startApp(kind, overrides, { sharing: a }))
      const seller = await sellerOf(a, 'drop-seller')
      const productId = await productOnSale(
        a,
        seller.id,
        eventInput('Sauti Sol reunion', { daysAhead: 30, capacity: BUYERS }),
      )
      const buy = (i: number, from: string) =>
        (apps[i % apps.length] as RunningApp).rpc(
          { subject: 'startCheckout', productId, method: 'card', email: `fan-${i}@example.com` },
          { 'x-forwarded-for': from, 'x-soko-device': randomBytes(16).toString('hex') },
        )

      // Thirty at a time, as buyers keep arriving: all at once, the last in the checkout line could wait
      // longer than a request may take on a busy test machine.
      const answers: RpcAnswer[] = []
      let next = 0
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          for (let i = next++; i < BUYERS; i = next++) answers[i] = await buy(i, CARRIER_ADDRESS)
        }),
      )
      // Every buyer behind the address is served: none refused, and if some were, the first one's answer.
      const refused = answers.filter((answer) => answer.status !== 200)
      expect({ refused: refused.length, first: refused[0]?.body.message }).toEqual({
        refused: 0,
        first: undefined,
      })
      const held = await a.database.db.execute(
        sql`select coalesce(sum(quantity), 0)::int as n, count(distinct buyer_id)::int as buyers
            from orders where product_id = ${productId} and status = 'pending'`,
      )
      expect((held as unknown as { rows: unknown[] }).rows[0]).toEqual({ n: BUYERS, buyers: BUYERS })
      // Sold out now, not oversold: the next buyer, from anywhere, hears so.
      const late = await buy(BUYERS, '197.232.1.9')
      expect(late.status).toBe(409)
      expect(late.body.message).toMatch(/^Sold out/)
    } finally {
      for (const app of apps.reverse()) await app.close()
    }
  }, 90_000)
})
