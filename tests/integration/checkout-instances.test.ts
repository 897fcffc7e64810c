import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/env'
import { createGateway } from '../../server/payments/gateway'
import { startCluster } from '../support/cluster'
import { eventInput } from '../support/event-input'
import { startServer } from '../support/process'

/**
 * Two instances of the server behind one PostgreSQL, as in production behind a load balancer: the same
 * M-Pesa callback, delivered 10 times at once and to both, changes the books once and sends one receipt;
 * buyers rushing both for an event's last seats get exactly those seats between them.
 */
describe.runIf(process.env.DATABASE_URL)('payment callbacks across instances', () => {
  it('fires one M-Pesa callback 10 times concurrently at two processes: one ledger transaction, one receipt', async () => {
    // Each instance with a data folder of its own, as on two hosts: only the secrets and the bucket are shared.
    const cluster = await startCluster()
    const start = async () => startServer({ env: await cluster.instanceEnv() })
    const servers = await Promise.all([start(), start()])
    const client = new pg.Client({ connectionString: cluster.databaseUrl })
    await client.connect()
    try {
      const [a, b] = servers as [(typeof servers)[number], (typeof servers)[number]]
      // The demo seller's first digital product in shillings, bought signed out with M-Pesa at instance A.
      const product = (
        await client.query(
          "select id, price_amount from products where kind = 'digital' and status = 'published' and price_currency = 'KES' and price_amount > 0 order by created_at limit 1",
        )
      ).rows[0]
      const started = await fetch(`${a.url}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          subject: 'startCheckout',
          productId: product.id,
          method: 'mpesa',
          phone: '0712345678',
          email: 'two-instances@example.com',
        }),
      })
      expect(started.status).toBe(200)
      const { orderId } = ((await started.json()) as { data: { orderId: string } }).data
      const order = (
        await client.query('select provider_ref, charge_amount from orders where id = $1', [orderId])
      ).rows[0]
      const body = JSON.stringify({
        Body: {
          stkCallback: {
            MerchantRequestID: 'two-instances',
            CheckoutRequestID: order.provider_ref,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: Number(order.charge_amount) / 100 },
                { Name: 'MpesaReceiptNumber', Value: 'SBX2INSTNC' },
                { Name: 'Balance' },
                { Name: 'TransactionDate', Value: 20261121120000 },
                { Name: 'PhoneNumber', Value: 254712345678 },
              ],
            },
          },
        },
      })
      // The callback address as a third host would sign it: only the shared secret makes it valid.
      const gateway = createGateway(loadConfig({ ...(await cluster.instanceEnv()), LOG_LEVEL: 'silent' }))
      const hookPath = new URL(gateway.urls.stkCallback(orderId)).pathname
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          fetch(`${(i % 2 ? a : b).url}${hookPath}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          }),
        ),
      )
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200))

      const transactions = await client.query('select kind from ledger_transactions where order_id = $1', [
        orderId,
      ])
      expect(transactions.rows).toEqual([{ kind: 'sale' }])
      const sums = await client.query(
        'select currency, sum(amount)::int as sum from ledger_entries group by currency',
      )
      for (const row of sums.rows) expect(row.sum).toBe(0)
      expect((await client.query('select status from orders where id = $1', [orderId])).rows[0].status).toBe(
        'paid',
      )
      const receipts = await client.query(
        "select id from outbox where kind = 'mail' and recipient like '%two-instances@example.com%' and subject like '%receipt%'",
      )
      expect(receipts.rows).toHaveLength(1)
    } finally {
      await client.end()
      for (const server of servers) expect(await server.stop()).toBe(0)
      await cluster.close()
    }
  }, 60_000)

  it('sells the last seats of an event once, whichever instance each of 30 buyers at once reaches', async () => {
    const cluster = await startCluster()
    // One after the other: the first migrates and puts in the demo data.
    const servers = []
    for (let i = 0; i < 2; i++)
      servers.push(await startServer({ env: await cluster.instanceEnv({ TRUST_PROXY: 'on' }) }))
    const [a, b] = servers as [(typeof servers)[number], (typeof servers)[number]]
    const client = new pg.Client({ connectionString: cluster.databaseUrl })
    await client.connect()
    const call = async (
      base: string,
      body: Record<string, unknown>,
      headers: Record<string, string> = {},
    ) => {
      const res = await fetch(`${base}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
      return {
        status: res.status,
        body: (await res.json()) as { data: Record<string, unknown> & { token?: string }; message: string },
      }
    }
    try {
      const { token } = (
        await call(a.url, { subject: 'signIn', email: 'wanjiru@soko.test', password: 'soko-demo-2026' })
      ).body.data
      const seller = { authorization: `Bearer ${token}` }
      const created = await call(
        a.url,
        { subject: 'createProduct', ...eventInput('Last seats', { capacity: 6 }) },
        seller,
      )
      const productId = (created.body.data.product as { id: string }).id
      expect((await call(a.url, { subject: 'publishProduct', id: productId }, seller)).status).toBe(200)
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          call(
            (i % 2 ? a : b).url,
            {
              subject: 'startCheckout',
              productId,
              method: 'card',
              email: `seat-${i}@example.com`,
              holders: [`Buyer ${i}`],
            },
            { 'x-forwarded-for': `10.9.0.${i + 1}` },
          ),
        ),
      )
      const statuses = answers.map((answer) => answer.status)
      expect(statuses.filter((status) => status === 200)).toHaveLength(6)
      expect(statuses.filter((status) => status === 409)).toHaveLength(24)
      for (const refused of answers.filter((answer) => answer.status === 409))
        expect(refused.body.message).toMatch(/^Sold out/)
      const held = await client.query(
        "select coalesce(sum(quantity), 0)::int as held from orders where product_id = $1 and status in ('pending', 'paid', 'refunding')",
        [productId],
      )
      expect(held.rows[0].held).toBe(6)
      // No account is left behind for a buyer who got nothing.
      const guests = await client.query(
        "select count(*)::int as n from users where email like 'seat-%@example.com'",
      )
      expect(guests.rows[0].n).toBe(6)
    } finally {
      await client.end()
      for (const server of servers) expect(await server.stop()).toBe(0)
      await cluster.close()
    }
  }, 90_000)
})
