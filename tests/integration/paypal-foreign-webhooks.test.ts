import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { postPaypalWebhook } from '../support/paypal-webhook'

/**
 * PayPal webhooks that PayPal signed but that name nothing of Soko's: a payout another integration of the
 * same PayPal account sent, with ids of its own. PayPal retries any answer but a 2xx for days, so Soko
 * answers 200 and logs the event (its id and type, to find it in PayPal's dashboard), and never fails on
 * an id that is not one of its UUIDs (it once looked such ids up in the refunds' uuid column: a 500).
 */
describe.each(databaseKinds)('PayPal webhooks about what Soko does not know, on %s', (kind) => {
  let app: RunningApp

  beforeAll(async () => {
    app = await startApp(kind)
  })
  afterAll(async () => {
    await app?.close()
  })

  const post = (event: object) => postPaypalWebhook(app, event)

  const lines = () => app.logs.map((line) => JSON.parse(line) as Record<string, unknown>)

  it('answers 200 to a signed payout webhook with a foreign sender_item_id, and logs it', async () => {
    const foreign = [
      // 36 characters of hex digits and dashes, as Soko's ids are, but no UUID.
      '0123456789abcdef0123456789abcdef0123',
      '------------------------------------',
      'INV-2026-000123',
      // A UUID, but none of Soko's.
      randomUUID(),
    ]
    for (const [n, senderItemId] of foreign.entries()) {
      const id = `WH-FOREIGN${n}-0000000000000`
      const status = await post({
        id,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'payouts_item',
        event_type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
        summary: 'A payout item has succeeded.',
        resource: {
          payout_item_id: `ITEM${n}FOREIGN`,
          payout_batch_id: `BATCH${n}FOREIGN`,
          transaction_id: `TX${n}FOREIGN`,
          transaction_status: 'SUCCESS',
          payout_item_fee: { currency: 'USD', value: '0.25' },
          payout_item: {
            recipient_type: 'EMAIL',
            amount: { currency: 'USD', value: '12.34' },
            receiver: 'someone@example.com',
            sender_item_id: senderItemId,
          },
        },
      })
      expect(status, senderItemId).toBe(200)
      const warned = lines().find((line) => (line.origin as { event?: string } | undefined)?.event === id)
      expect(warned, senderItemId).toMatchObject({
        level: 'warn',
        origin: { event: id, type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED' },
        target: { id: senderItemId },
      })
    }
    expect(app.logs.filter((line) => line.includes('unhandled error'))).toEqual([])
    // The log names the event, never the app's secret or PayPal's signature.
    const { clientSecret } = app.config.payments.paypal
    expect(app.logs.filter((line) => line.includes(clientSecret) || line.includes('transmission'))).toEqual(
      [],
    )
  })

  it('answers 200 to the webhooks of a payout another client made in the sandbox, with its own ids', async () => {
    const { clientId, clientSecret } = app.config.payments.paypal
    const base = `${app.url}/sandbox/paypal`
    const token = (await (
      await fetch(`${base}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      })
    ).json()) as { access_token: string }
    const senderItemId = 'abcdef0123456789abcdef0123456789abcd'
    const created = await fetch(`${base}/v1/payments/payouts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        sender_batch_header: { sender_batch_id: `other-${randomUUID()}` },
        items: [
          {
            receiver: 'seller@example.com',
            amount: { currency: 'USD', value: '5.00' },
            sender_item_id: senderItemId,
          },
        ],
      }),
    })
    expect(created.status).toBe(201)
    await app.sandboxesIdle()
    // The sandbox logs a webhook its receiver refused; Soko refused none.
    expect(app.logs.filter((line) => line.includes('webhook receiver answered'))).toEqual([])
    expect(
      lines().find((line) => (line.target as { id?: string } | undefined)?.id === senderItemId),
    ).toMatchObject({ level: 'warn', origin: { type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED' } })
  })
})
