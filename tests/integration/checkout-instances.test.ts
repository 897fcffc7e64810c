import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/env'
import { createGateway } from '../../server/payments/gateway'
import { createScratchDatabase } from '../support/db'
import { freePort } from '../support/net'
import { readOutbox } from '../support/outbox'
import { startServer } from '../support/process'

/**
 * Two instances of the server behind one PostgreSQL, as in production behind a load balancer: the same
 * M-Pesa callback, delivered 10 times at once and to both, changes the books once and sends one receipt.
 */
describe.runIf(process.env.DATABASE_URL)('payment callbacks across instances', () => {
  it('fires one M-Pesa callback 10 times concurrently at two processes: one ledger transaction, one receipt', async () => {
    const scratch = await createScratchDatabase()
    const dataDir = mkdtempSync(path.join(tmpdir(), 'soko-data-'))
    const hooksSecret = 'h'.repeat(16) + Math.random().toString(36).slice(2).padEnd(16, 'x')
    const start = async () =>
      startServer({
        env: {
          DATABASE_URL: scratch.url,
          DATA_DIR: dataDir,
          PORT: String(await freePort()),
          HOOKS_SECRET: hooksSecret,
          LOG_LEVEL: 'warn',
        },
        waitFor: /Soko is running at (\S+)/,
      })
    const servers = await Promise.all([start(), start()])
    const client = new pg.Client({ connectionString: scratch.url })
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
      const gateway = createGateway(
        loadConfig({ HOOKS_SECRET: hooksSecret, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      )
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
      const receipts = readOutbox(dataDir).filter(
        (m) => m.to.includes('two-instances@example.com') && m.subject.includes('receipt'),
      )
      expect(receipts).toHaveLength(1)
    } finally {
      await client.end()
      for (const server of servers) expect(await server.stop()).toBe(0)
      await scratch.drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})
