import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LISTENER_APPLICATION_NAME, type ListenerState } from '../../server/db/notifications'
import { orders } from '../../server/db/schema'
import { ORDER_LOOK_AGAIN_MS } from '../../server/features/checkout/order-wait'
import { settle } from '../../server/features/checkout/settle'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { eventOnSale, personOf, sellerOf } from '../support/shop'

type Answer = Awaited<ReturnType<RunningApp['call']>>
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
const data = (answer: Answer) => answer.body.data as Record<string, any>
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** How long a listening connection that was cut stays down in these tests before it is opened again. */
const RETRY_MS = 1_500

/** Counts the queries an app's database is asked that name the orders table, until stopped. */
function countOrderQueries(app: RunningApp) {
  type Query = (...args: unknown[]) => unknown
  const client = (app.database.db as unknown as { $client: { query: Query } }).$client
  const original = client.query
  let count = 0
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args
    const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '')
    if (text.includes('"orders"')) count++
    return original.apply(this, args)
  }
  return {
    stop() {
      client.query = original
      return count
    },
  }
}

/** `getOrder … waitWhile: 'pending'` at an app, as the buyer's "waiting for payment" page asks it. */
function waitOn(app: RunningApp, order: { orderId: string; key: string }, token: string) {
  let answeredAt = 0
  const answer = app.call('getOrder', { ...order, waitWhile: 'pending' }, token).then((a) => {
    answeredAt = Date.now()
    return a
  })
  return { answer, answeredAt: () => answeredAt }
}

/** The order's card payment arrives at this app (as Stripe's webhook would) and is settled there. */
async function payThrough(app: RunningApp, orderId: string) {
  const [row] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
  if (!row) throw new Error(`no order ${orderId}`)
  const settled = await settle(app.services, {
    provider: 'card',
    eventKey: `test:${orderId}`,
    orderId,
    outcome: {
      kind: 'paid',
      amount: { amount: row.chargeAmount, currency: row.chargeCurrency },
      receipt: null,
      details: {},
    },
  })
  expect(settled.changed).toBe(true)
}

/**
 * A buyer's page waits for "paid" on one instance while the payment lands on another (on PGlite, the one
 * instance there is). The wait is woken by the database's notice at commit: it is not answered by reading
 * the order every 250 ms (2,000 reads a second for 500 waiting buyers), nor late by the slow reading that
 * is left in case a notice is lost.
 */
describe.each(databaseKinds)('a buyer waiting for "paid" on %s', (kind) => {
  let a: RunningApp
  let b: RunningApp
  const states: ListenerState[] = []
  let buyer: { token: string }
  let eventId: string

  beforeAll(async () => {
    const database = {
      listenRetryMs: RETRY_MS,
      onListenerState: (state: ListenerState) => states.push(state),
    }
    a = await startApp(kind, {}, { database })
    b = kind === 'postgres' ? await startApp(kind, {}, { sharing: a }) : a
    const seller = await sellerOf(a, `wait-seller-${kind}`)
    buyer = await personOf(a, `wait-buyer-${kind}@example.com`)
    eventId = await eventOnSale(a, seller.id, 'Waiting night', { amount: 500_00, currency: 'KES' })
  })
  afterAll(async () => {
    if (b !== a) await b?.close()
    await a?.close()
  })

  const pendingOrder = async () => {
    const started = await a.call('startCheckout', { productId: eventId, method: 'card' }, buyer.token)
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    return { orderId: data(started).orderId as string, key: data(started).accessKey as string }
  }

  it('is answered "paid" at once when the payment is settled through another instance, without reading the order meanwhile', async () => {
    const order = await pendingOrder()
    const waiting = waitOn(a, order, buyer.token)
    // Once the wait has begun (its first reads), nothing reads the order until the notice comes: the
    // 250 ms poll read it 10 times in these 2.5 s. The window ends well before the slow look again.
    await sleep(500)
    const reads = countOrderQueries(a)
    await sleep(2_500)
    expect(reads.stop()).toBeLessThanOrEqual(1)
    expect(waiting.answeredAt()).toBe(0)
    expect(ORDER_LOOK_AGAIN_MS).toBeGreaterThanOrEqual(4_000)

    const paying = Date.now()
    await payThrough(b, order.orderId)
    expect(data(await waiting.answer).order.status).toBe('paid')
    // The next look without a notice would be 2 s from now.
    expect(waiting.answeredAt() - paying).toBeLessThan(1_000)
  })

  it.runIf(kind === 'postgres')(
    'listens again after its connection is cut, and reads what was settled while it was down',
    async () => {
      const admin = new pg.Client({ connectionString: a.database.url })
      await admin.connect()
      try {
        // Instance A's listening connection (B has had no one waiting, so it has none).
        const listeners = async () =>
          (
            await admin.query<{ pid: number; query: string }>(
              'select pid, query from pg_stat_activity where datname = current_database() and application_name = $1',
              [LISTENER_APPLICATION_NAME],
            )
          ).rows
        const order = await pendingOrder()
        const waiting = waitOn(a, order, buyer.token)
        await expect
          .poll(async () => (await listeners()).map((l) => l.query))
          .toEqual([expect.stringMatching(/^LISTEN /)])
        const [listener] = await listeners()
        // The wait has read the order and sleeps until told, or until its next look 5 s after it began.
        await sleep(300)
        const cut = Date.now()
        await admin.query('select pg_terminate_backend($1)', [listener?.pid])
        await payThrough(b, order.orderId)
        // Paid while A was not listening: its notice went to no one.
        expect(await listeners()).toEqual([])
        expect(data(await waiting.answer).order.status).toBe('paid')
        // Read as soon as A listened again (RETRY_MS after the cut), not at the next look.
        expect(waiting.answeredAt() - cut).toBeLessThan(RETRY_MS + 1_200)
        expect(waiting.answeredAt() - cut).toBeLessThan(ORDER_LOOK_AGAIN_MS - 1_000)
        const [again] = await listeners()
        expect(again?.pid).not.toBe(listener?.pid)
        expect(states.map((s) => s.state)).toEqual(['lost', 'restored'])

        // And it hears the next change as before.
        const next = await pendingOrder()
        const second = waitOn(a, next, buyer.token)
        await sleep(300)
        const paying = Date.now()
        await payThrough(b, next.orderId)
        expect(data(await second.answer).order.status).toBe('paid')
        expect(second.answeredAt() - paying).toBeLessThan(1_000)
      } finally {
        await admin.end()
      }
    },
  )
})
