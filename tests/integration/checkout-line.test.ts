import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import type { Config } from '../../server/env'
import { BUSY_MESSAGE, BUSY_RETRY_SECONDS, type LineLimits } from '../../server/lib/checkout-line'
import { type RpcAnswer, type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { productOnSale, sellerOf } from '../support/shop'

/**
 * The checkout line on a sale day, two instances sharing one PostgreSQL. The product's row lock is held by
 * the test (as a long checkout of another instance would hold it), so that the line on each instance
 * stands still while the test looks at it.
 */

const run = () => randomBytes(4).toString('hex')

describe.runIf(process.env.DATABASE_URL)('the checkout line across two instances', () => {
  const opened: { apps: RunningApp[]; clients: pg.Client[] } = { apps: [], clients: [] }
  afterEach(async () => {
    for (const client of opened.clients.splice(0)) await client.end().catch(() => {})
    for (const app of opened.apps.splice(0).reverse()) await app.close()
  })

  /**
   * Two instances on one database, a seller's event on sale, and a connection of the test's own. Their
   * lines let one in at a time, so that those behind it wait to go in (with more let in, they would read
   * the stock themselves before their turn).
   */
  async function twoInstances(
    line: Partial<LineLimits> = {},
    ticketTypes = [{ name: 'Regular', capacity: 50 }],
  ) {
    const limits = testConfig().checkoutLimits
    const overrides: Partial<Config> = {
      checkoutLimits: { ...limits, line: { ...limits.line, width: 1, ...line } },
    }
    const a = await startApp('postgres', overrides)
    opened.apps.push(a)
    const b = await startApp('postgres', overrides, { sharing: a })
    opened.apps.push(b)
    const seller = await sellerOf(a, `line-${run()}`)
    const price = { amount: 1_000_00, currency: 'KES' }
    const productId = await productOnSale(a, seller.id, {
      kind: 'event',
      title: 'Nyege Nyege warm-up',
      description: 'A night at the Loft.',
      price,
      details: {
        startsAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
        timeZone: 'Africa/Nairobi',
        where: { kind: 'place', address: 'Soko Loft, Mpaka Road, Westlands, Nairobi' },
        ticketTypes: ticketTypes.map((type) => ({ ...type, price })),
      },
    })
    const client = new pg.Client({ connectionString: a.database.url })
    await client.connect()
    opened.clients.push(client)
    const types = (
      await client.query<{ details: { ticketTypes: { id: string; name: string }[] } }>(
        'select details from products where id = $1',
        [productId],
      )
    ).rows[0]?.details.ticketTypes
    const typeId = (name: string) => types?.find((type) => type.name === name)?.id as string
    return { a, b, client, productId, typeId }
  }

  /** Holds the product's row lock until the returned function is called (committing nothing). */
  async function holdProduct(client: pg.Client, productId: string) {
    await client.query('begin')
    await client.query('select id from products where id = $1 for update', [productId])
    return () => client.query('rollback')
  }

  const buy = (app: RunningApp, input: Record<string, unknown>, signal?: AbortSignal) =>
    fetch(`${app.url}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        subject: 'startCheckout',
        method: 'mpesa',
        phone: `0712${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
        email: `fan-${run()}@example.com`,
        ...input,
      }),
      ...(signal ? { signal } : {}),
    }).then(
      async (res): Promise<RpcAnswer> => ({
        status: res.status,
        body: (await res.json()) as Record<string, unknown>,
        headers: res.headers,
      }),
    )

  const inLine = (app: RunningApp, productId: string, count: number) =>
    expect.poll(() => app.services.checkoutLines.length(productId), { timeout: 10_000 }).toBe(count)

  const orderCount = async (client: pg.Client, productId: string) =>
    Number(
      (await client.query('select count(*) from orders where product_id = $1', [productId])).rows[0]?.count,
    )

  it('drops a checkout whose buyer left while it waited: no hold, no order, no M-Pesa prompt', async () => {
    const { a, b, client, productId } = await twoInstances()
    const release = await holdProduct(client, productId)
    // On each instance one checkout waits for the lock in the database and one waits in line behind it.
    const placing = [buy(a, { productId }), buy(b, { productId })]
    await inLine(a, productId, 1)
    await inLine(b, productId, 1)
    const leaving = [new AbortController(), new AbortController()]
    const left = [a, b].map((app, i) =>
      buy(app, { productId }, leaving[i]?.signal).catch((error: unknown) => error),
    )
    await inLine(a, productId, 2)
    await inLine(b, productId, 2)
    // The buyers close the tab.
    for (const controller of leaving) controller.abort()
    for (const answer of await Promise.all(left)) expect((answer as Error).name).toBe('AbortError')
    // Each instance notices, and takes them out of its line before the lock is free.
    await inLine(a, productId, 1)
    await inLine(b, productId, 1)
    await release()
    for (const answer of await Promise.all(placing)) expect(answer.status).toBe(200)
    await inLine(a, productId, 0)
    await inLine(b, productId, 0)
    expect(await orderCount(client, productId)).toBe(2)
    // Two prompts were sent, not four.
    const prompts = await client.query(
      "select count(*) from sandbox_objects where provider = 'mpesa' and kind = 'prompt'",
    )
    expect(Number(prompts.rows[0]?.count)).toBe(2)
  })

  it('answers "Busy" with Retry-After beyond the longest line and the longest wait, and serves the rest', async () => {
    const { a, b, client, productId } = await twoInstances({ maxWaiting: 2, maxWaitMs: 2_000 })
    const release = await holdProduct(client, productId)
    // B: one in the database, one waiting longer than the line allows.
    const placingB = buy(b, { productId })
    await inLine(b, productId, 1)
    const waited = Date.now()
    const slow = await buy(b, { productId })
    expect(slow.status).toBe(503)
    expect(slow.body.message).toBe(BUSY_MESSAGE)
    expect(slow.headers.get('retry-after')).toBe(String(BUSY_RETRY_SECONDS))
    expect(Date.now() - waited).toBeGreaterThanOrEqual(1_900)
    // A: one in the database, two in line — and the next one hears "Busy" at once.
    const placingA = [buy(a, { productId })]
    await inLine(a, productId, 1)
    placingA.push(buy(a, { productId }), buy(a, { productId }))
    await inLine(a, productId, 3)
    const full = await buy(a, { productId })
    expect(full.status).toBe(503)
    expect(full.body.message).toBe(BUSY_MESSAGE)
    expect(full.headers.get('retry-after')).toBe(String(BUSY_RETRY_SECONDS))
    await release()
    for (const answer of await Promise.all([...placingA, placingB])) expect(answer.status).toBe(200)
    // Those told "Busy" hold nothing.
    expect(await orderCount(client, productId)).toBe(4)
  })

  it('tells the buyers waiting on one instance that a ticket sold out on the other, while its line is still busy', async () => {
    const { a, b, client, productId, typeId } = await twoInstances({}, [
      { name: 'VIP', capacity: 1 },
      { name: 'Regular', capacity: 50 },
    ])
    const vip = typeId('VIP')
    const regular = typeId('Regular')
    // The last VIP ticket goes.
    expect((await buy(a, { productId, ticketTypeId: vip })).status).toBe(200)
    // B's line is busy with a Regular buyer whose account waits on the database (a row the test is
    // inserting for the same e-mail, not yet committed), before that checkout takes the product's lock.
    const email = `slow-${run()}@example.com`
    await client.query('begin')
    await client.query("insert into users (id, email, name) values (gen_random_uuid(), $1, 'slow')", [email])
    const slow = buy(b, { productId, ticketTypeId: regular, email })
    await inLine(b, productId, 1)
    const waitingForVip = [buy(b, { productId, ticketTypeId: vip }), buy(b, { productId, ticketTypeId: vip })]
    await inLine(b, productId, 3)
    // A finds VIP sold out under the lock, and says so to B.
    const soldOut = await buy(a, { productId, ticketTypeId: vip })
    expect(soldOut.status).toBe(409)
    for (const answer of await Promise.all(waitingForVip)) {
      expect(answer.status).toBe(409)
      expect(answer.body.message).toBe(soldOut.body.message)
      expect(answer.body.errors).toEqual({ ticketTypeId: 'Sold out' })
    }
    // Told while the first in B's line was still waiting on the database.
    expect(b.services.checkoutLines.length(productId)).toBe(1)
    await client.query('rollback')
    expect((await slow).status).toBe(200)
  })
})
