import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PaymentMethod } from '../../contract/checkout.constants'
import { paypalPayoutFailure } from '../../contract/paypal-payouts'
import type { Database } from '../../server/db/client'
import type { Gateway } from '../../server/payments/gateway'
import type { Fetch, Money } from '../../server/payments/payments'
import type { PaymentEvents, PaymentProvider, PayoutRef, TransferState } from '../../server/payments/provider'
import { SandboxStore } from '../../server/payments/sandbox/store'
import { testConfig } from '../support/config'
import { databaseKinds } from '../support/db'
import { startProviderHarness } from '../support/provider-harness'
import { submitForm } from '../support/sandbox-server'

/**
 * PayPal Payouts end to end against the PayPal sandbox: the provider pays out, the sandbox processes the
 * batch by its receiver's address and sends its signed webhooks, the PayPal hooks verify them, and what
 * they say reaches `PaymentEvents.transfer`, recorded here (the payouts feature that receives it is not
 * part of this). checkPayout must answer what the webhooks said.
 */
describe.each(databaseKinds)('PayPal payouts on %s', (kind) => {
  let database: Database
  let gateway: Gateway
  let paypal: PaymentProvider
  let url: string
  let idle: () => Promise<void>
  let close: () => Promise<void>
  const transfers: { method: PaymentMethod; target: unknown; state: TransferState }[] = []
  /** The adapter's calls to the PayPal sandbox, as sent. */
  const sent: { method: string; path: string; headers: Headers; body: string }[] = []
  /** Answers the next create with PayPal's refusal for a sender without the funds. */
  let refuseForFunds = false

  beforeAll(async () => {
    const ignore = async () => {}
    const events: PaymentEvents = {
      charge: ignore,
      closed: ignore,
      approved: ignore,
      expected: async () => null,
      transfer: async (method, target, state) => {
        transfers.push({ method, target, state })
      },
    }
    const adapterFetch: Fetch = async (input, init) => {
      const target = new URL(String(input))
      const method = init?.method ?? 'GET'
      sent.push({
        method,
        path: target.pathname,
        headers: new Headers(init?.headers),
        body: String(init?.body ?? ''),
      })
      if (refuseForFunds && method === 'POST' && target.pathname.endsWith('/v1/payments/payouts')) {
        refuseForFunds = false
        return Response.json(
          {
            name: 'INSUFFICIENT_FUNDS',
            message: 'Sender does not have sufficient funds. Please add funds and retry.',
            debug_id: 'f0000000000aa',
          },
          { status: 422 },
        )
      }
      return fetch(input, init)
    }
    ;({ database, gateway, url, idle, close } = await startProviderHarness(kind, events, {
      fetch: adapterFetch,
    }))
    paypal = gateway.providers.paypal
  })
  afterAll(() => close())

  const usd = (amount: number): Money => ({ amount, currency: 'USD' })

  async function payOut(email: string, amount = usd(12_34)) {
    const id = crypto.randomUUID()
    const state = await paypal.payOut?.({ id, amount, to: { kind: 'paypal', email }, remarks: 'Soko payout' })
    if (state?.state !== 'pending') throw new Error(`payOut answered ${JSON.stringify(state)}`)
    await idle()
    const ref: PayoutRef = { id, providerRef: state.providerRef, amount }
    const batch = await gateway.paypal.getPayoutBatch(state.providerRef)
    return { id, ref, batch, item: batch.items[0] }
  }

  const transfersFor = (id: string) => transfers.filter((t) => (t.target as { id?: string }).id === id)
  const pagePath = '/sandbox/paypal/payouts'

  it('pays an e-mail address: the SUCCEEDED webhook reports it done, and so does checkPayout', async () => {
    const { id, ref, batch, item } = await payOut('seller@example.com')
    expect(batch).toMatchObject({ status: 'SUCCESS', senderBatchId: id })
    expect(item).toMatchObject({
      senderItemId: id,
      status: 'SUCCESS',
      amount: usd(12_34),
      fee: usd(25),
      receiver: 'seller@example.com',
      transactionId: expect.stringMatching(/^[A-Z0-9]{17}$/),
    })
    expect(transfersFor(id)).toEqual([
      {
        method: 'paypal',
        target: { id, providerRef: batch.batchId },
        state: { state: 'done', providerRef: item?.transactionId, amount: usd(12_34) },
      },
    ])
    expect(await paypal.checkPayout?.(ref)).toEqual({
      state: 'done',
      providerRef: item?.transactionId,
      amount: usd(12_34),
    })

    // PayPal's wire format: one item, the amount as a decimal string, the id as the idempotency key.
    const create = sent.find((s) => s.method === 'POST' && s.body.includes(id))
    expect(create?.path).toBe('/sandbox/paypal/v1/payments/payouts')
    expect(create?.headers.get('paypal-request-id')).toBe(id)
    expect(JSON.parse(create?.body ?? '{}')).toEqual({
      sender_batch_header: {
        sender_batch_id: id,
        email_subject: 'You have a payout from Soko',
        recipient_type: 'EMAIL',
      },
      items: [
        {
          amount: { value: '12.34', currency: 'USD' },
          receiver: 'seller@example.com',
          sender_item_id: id,
          note: 'Soko payout',
        },
      ],
    })
    expect(await gateway.paypal.getPayoutItem(item?.itemId ?? '')).toEqual(item)
  })

  it('pays the same id once, however often it is sent', async () => {
    const { id, ref, batch } = await payOut('twice@example.com')
    const again = await paypal.payOut?.({
      id,
      amount: ref.amount,
      to: { kind: 'paypal', email: 'twice@example.com' },
      remarks: 'Soko payout',
    })
    expect(again).toEqual({ state: 'pending', providerRef: batch.batchId })
    await idle()
    const store = new SandboxStore(database.db)
    const batches = await store.list('paypal', 'payout', {
      header: { sender_batch_header: { sender_batch_id: id } },
    })
    expect(batches).toHaveLength(1)
    expect(transfersFor(id)).toHaveLength(1)

    // Without the PayPal-Request-Id PayPal refuses a used sender_batch_id, naming its batch: the adapter
    // answers that batch.
    const other = crypto.randomUUID()
    const body = {
      sender_batch_header: { sender_batch_id: other },
      items: [{ amount: { value: '1.00', currency: 'USD' }, receiver: 'first@example.com' }],
    }
    const first = await rawApi('POST', '/v1/payments/payouts', body)
    expect(first.status).toBe(201)
    const duplicate = await rawApi('POST', '/v1/payments/payouts', body)
    expect(duplicate).toMatchObject({
      status: 400,
      body: {
        name: 'USER_BUSINESS_ERROR',
        details: [{ issue: 'Batch with given sender_batch_id already exists' }],
      },
    })
    const adopted = await gateway.paypal.createPayout({
      senderBatchId: other,
      senderItemId: other,
      receiver: 'first@example.com',
      amount: usd(1_00),
      note: 'Soko payout',
      emailSubject: 'You have a payout from Soko',
    })
    expect(adopted.batchId).toBe((first.body.batch_header as { payout_batch_id: string }).payout_batch_id)
    await idle()
  })

  it('reports a receiver PayPal does not know as failed with RECEIVER_UNREGISTERED', async () => {
    const { id, ref, batch } = await payOut('unregistered@paypal.test')
    const state = {
      state: 'failed',
      code: 'RECEIVER_UNREGISTERED',
      message: paypalPayoutFailure('RECEIVER_UNREGISTERED').text,
    }
    expect(transfersFor(id)).toEqual([
      { method: 'paypal', target: { id, providerRef: batch.batchId }, state },
    ])
    expect(await paypal.checkPayout?.(ref)).toEqual(state)

    const locked = await payOut('locked@paypal.test')
    expect(await paypal.checkPayout?.(locked.ref)).toMatchObject({ code: 'RECEIVER_ACCOUNT_LOCKED' })
    expect(transfersFor(locked.id).map((t) => t.state)).toMatchObject([{ code: 'RECEIVER_ACCOUNT_LOCKED' }])
  })

  it('keeps an UNCLAIMED payout pending until the tester returns it, then reports the money back', async () => {
    const { id, ref, batch, item } = await payOut('unclaimed@paypal.test')
    const pending = { state: 'pending', providerRef: batch.batchId }
    expect(transfersFor(id).map((t) => t.state)).toEqual([pending])
    expect(await paypal.checkPayout?.(ref)).toEqual(pending)

    const listed = await fetch(`${url}${pagePath}`)
    const html = await listed.text()
    for (const text of [
      batch.batchId,
      'unclaimed@paypal.test',
      'USD 12.34',
      'UNCLAIMED',
      'Nobody claimed it',
    ])
      expect(html).toContain(text)
    const returned = await submitForm(`${url}${pagePath}/${item?.itemId}`, { action: 'RETURNED' })
    expect(returned).toMatchObject({ status: 303, location: `${pagePath}?done=${item?.itemId}` })
    const state = {
      state: 'failed',
      code: 'RETURNED',
      message: paypalPayoutFailure('RETURNED').text,
      returned: true,
    }
    expect(transfersFor(id).map((t) => t.state)).toEqual([pending, state])
    expect(await paypal.checkPayout?.(ref)).toEqual(state)

    // A second press changes nothing and sends nothing.
    const again = await submitForm(`${url}${pagePath}/${item?.itemId}`, { action: 'RETURNED' })
    expect(again.location).toBe(`${pagePath}?done=${item?.itemId}&again=1`)
    await idle()
    expect(transfersFor(id)).toHaveLength(2)
  })

  it('lets the tester end a PENDING payout paid, failed with a chosen error, or unclaimed and then claimed', async () => {
    const paid = await payOut('pending@paypal.test')
    expect(transfersFor(paid.id)).toEqual([])
    expect(await paypal.checkPayout?.(paid.ref)).toEqual({
      state: 'pending',
      providerRef: paid.batch.batchId,
    })
    await submitForm(`${url}${pagePath}/${paid.item?.itemId}`, { action: 'SUCCESS' })
    expect(transfersFor(paid.id).map((t) => t.state)).toMatchObject([{ state: 'done' }])
    expect(await paypal.checkPayout?.(paid.ref)).toMatchObject({ state: 'done' })

    const limited = await payOut('pending@paypal.test')
    await submitForm(`${url}${pagePath}/${limited.item?.itemId}`, {
      action: 'FAILED',
      error: 'RECEIVING_LIMIT_EXCEEDED',
    })
    expect(transfersFor(limited.id).map((t) => t.state)).toMatchObject([
      { state: 'failed', code: 'RECEIVING_LIMIT_EXCEEDED' },
    ])
    const refused = await submitForm(`${url}${pagePath}/${limited.item?.itemId}`, {
      action: 'FAILED',
      error: 'NOT_A_PAYPAL_ERROR',
    })
    expect(refused.status).toBe(400)
    expect((await submitForm(`${url}${pagePath}/${limited.item?.itemId}`, { action: 'BOGUS' })).status).toBe(
      400,
    )

    const claimed = await payOut('pending@paypal.test')
    await submitForm(`${url}${pagePath}/${claimed.item?.itemId}`, { action: 'UNCLAIMED' })
    await submitForm(`${url}${pagePath}/${claimed.item?.itemId}`, { action: 'SUCCESS' })
    expect(transfersFor(claimed.id).map((t) => t.state.state)).toEqual(['pending', 'done'])
  })

  it('cancels an UNCLAIMED item through the API (RETURNED, with the CANCELED webhook), once', async () => {
    const { id, item } = await payOut('unclaimed@paypal.test')
    const itemId = item?.itemId ?? ''
    expect(await gateway.paypal.cancelPayoutItem(itemId)).toMatchObject({ status: 'RETURNED' })
    await idle()
    expect(transfersFor(id).map((t) => t.state)).toMatchObject([
      { state: 'pending' },
      { state: 'failed', code: 'RETURNED', returned: true },
    ])
    expect(await gateway.paypal.cancelPayoutItem(itemId)).toMatchObject({ status: 'RETURNED' })
    await idle()
    expect(transfersFor(id)).toHaveLength(2)

    const paid = await payOut('paid@example.com')
    await expect(gateway.paypal.cancelPayoutItem(paid.item?.itemId ?? '')).rejects.toMatchObject({
      name: 'PaymentProviderError',
      code: 'ITEM_INCORRECT_STATUS',
    })
  })

  it('reports a batch PayPal denies for want of funds, from its webhook, when asked, and when refused at once', async () => {
    const { id, ref, batch } = await payOut('nofunds@paypal.test')
    expect(batch).toMatchObject({ status: 'DENIED', error: { name: 'INSUFFICIENT_FUNDS' } })
    const state = {
      state: 'failed',
      code: 'INSUFFICIENT_FUNDS',
      message: paypalPayoutFailure('INSUFFICIENT_FUNDS').text,
    }
    expect(transfersFor(id)).toEqual([
      { method: 'paypal', target: { id, providerRef: batch.batchId }, state },
    ])
    expect(await paypal.checkPayout?.(ref)).toEqual(state)

    refuseForFunds = true
    const refusedId = crypto.randomUUID()
    expect(
      await paypal.payOut?.({
        id: refusedId,
        amount: usd(5_00),
        to: { kind: 'paypal', email: 'seller@example.com' },
        remarks: 'Soko payout',
      }),
    ).toEqual(state)
  })

  it('refuses to guess: no batch id, another payout’s batch, or another rail', async () => {
    const { ref } = await payOut('seller@example.com')
    await expect(paypal.checkPayout?.({ ...ref, providerRef: null })).rejects.toMatchObject({
      code: 'NO_BATCH_ID',
    })
    await expect(paypal.checkPayout?.({ ...ref, id: crypto.randomUUID() })).rejects.toMatchObject({
      name: 'PaymentProviderError',
    })
    await expect(paypal.checkPayout?.({ ...ref, amount: usd(1) })).rejects.toMatchObject({
      name: 'PaymentProviderError',
    })
    await expect(
      paypal.payOut?.({
        id: crypto.randomUUID(),
        amount: usd(1_00),
        to: { kind: 'mpesa', phone: '254712345678' },
        remarks: 'x',
      }),
    ).rejects.toThrow(/PayPal e-mail/)
  })

  it('acts only on payout webhooks PayPal signed', async () => {
    const before = transfers.length
    const forged = await fetch(`${url}/hooks/paypal`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${url}/sandbox/paypal/certs/sandbox`,
        'paypal-transmission-id': crypto.randomUUID(),
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': 'forged',
      },
      body: JSON.stringify({
        id: 'WH-FORGED',
        event_type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
        resource: {
          payout_item_id: 'X',
          payout_batch_id: 'Y',
          transaction_status: 'SUCCESS',
          payout_item: { amount: { currency: 'USD', value: '1.00' }, sender_item_id: 'someone' },
        },
      }),
    })
    expect(forged.status).toBe(400)
    expect(transfers.length).toBe(before)
  })

  it('shows the payouts on a phone-sized sandbox page under the sandbox’s own policy', async () => {
    const res = await fetch(`${url}${pagePath}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const policy = res.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain("form-action 'self'")
    expect(policy).not.toContain('unsafe-inline')
    const html = await res.text()
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
    expect(html).not.toContain('<script')
    for (const email of [
      'unregistered@paypal.test',
      'locked@paypal.test',
      'unclaimed@paypal.test',
      'pending@paypal.test',
      'nofunds@paypal.test',
    ])
      expect(html).toContain(email)
    // Every select has its label.
    for (const [, id] of html.matchAll(/<select id="([^"]+)"/g)) expect(html).toContain(`<label for="${id}">`)
  })

  /** A call with a sandbox access token, to see the answers the adapter interprets. */
  async function rawApi(method: 'GET' | 'POST', path: string, body?: unknown) {
    const { clientId, clientSecret } = testConfig().payments.paypal
    const tokenRes = await fetch(`${url}/sandbox/paypal/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
    const { access_token } = (await tokenRes.json()) as { access_token: string }
    const res = await fetch(`${url}/sandbox/paypal${path}`, {
      method,
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
})
