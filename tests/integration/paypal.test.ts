import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PaymentProviderError } from '../../server/payments/payments'
import { PaypalAdapter, type PaypalOrderRequest } from '../../server/payments/paypal.adapter'
import { displayAmount, fromDecimal, toDecimal } from '../../server/payments/provider-money'
import { type PaypalSandbox, paypalSandbox } from '../../server/payments/sandbox/paypal'
import { testConfig } from '../support/config'
import { databaseKinds } from '../support/db'
import { type SandboxServer, startSandboxServer, submitForm } from '../support/sandbox-server'

describe('provider amounts', () => {
  it('writes minor units as the decimal strings providers take', () => {
    expect(toDecimal(1234, 'USD')).toBe('12.34')
    expect(toDecimal(5, 'KES')).toBe('0.05')
    expect(toDecimal(150_000, 'KES')).toBe('1500.00')
    expect(toDecimal(0, 'USD')).toBe('0.00')
    expect(toDecimal(5000, 'UGX')).toBe('5000')
    expect(toDecimal(-250, 'USD')).toBe('-2.50')
    expect(() => toDecimal(12.5, 'USD')).toThrow(RangeError)
  })

  it('reads decimal strings back exactly, without float error', () => {
    expect(fromDecimal('12.34', 'USD')).toBe(1234)
    expect(fromDecimal('0.29', 'USD')).toBe(29)
    expect(fromDecimal('12.3', 'KES')).toBe(1230)
    expect(fromDecimal('12', 'KES')).toBe(1200)
    expect(fromDecimal('5000', 'UGX')).toBe(5000)
    expect(fromDecimal('5000.00', 'UGX')).toBe(5000)
    expect(fromDecimal('-2.50', 'USD')).toBe(-250)
  })

  it('refuses malformed amounts and digits past the currency precision', () => {
    for (const value of ['', '12.', '.5', '1,000.00', '12.34.5', 'abc', ' 12', '1e3', '0x10'])
      expect(() => fromDecimal(value, 'USD'), value).toThrow(RangeError)
    expect(() => fromDecimal('1.005', 'KES')).toThrow(/more decimals/)
    expect(() => fromDecimal('5000.5', 'UGX')).toThrow(/more decimals/)
    expect(() => fromDecimal('99999999999999999', 'USD')).toThrow(/too large/)
  })

  it('shows amounts with their currency for pages', () => {
    expect(displayAmount(150_000, 'KES')).toBe('KES 1,500.00')
    expect(displayAmount(1_250_000, 'UGX')).toBe('UGX 1,250,000')
  })
})

describe.each(databaseKinds)('PayPal adapter against the sandbox on %s', (kind) => {
  let server: SandboxServer
  let url: string
  let sandbox: PaypalSandbox
  let paypal: PaypalAdapter
  const payments = testConfig().payments

  beforeAll(async () => {
    server = await startSandboxServer(kind, (deps) => {
      sandbox = paypalSandbox(deps)
      return { '/sandbox/paypal': sandbox }
    })
    url = server.url
    paypal = adapter()
  })

  afterAll(() => server?.close())

  function adapter(overrides: Partial<ConstructorParameters<typeof PaypalAdapter>[0]> = {}) {
    return new PaypalAdapter({
      baseUrl: `${url}/sandbox/paypal`,
      clientId: payments.paypal.clientId,
      clientSecret: payments.paypal.clientSecret,
      webhookId: payments.paypal.webhookId,
      ...overrides,
    })
  }

  let n = 0
  function orderRequest(overrides: Partial<PaypalOrderRequest> = {}): PaypalOrderRequest {
    n++
    const orderId = randomUUID()
    return {
      reference: `SOKO-${1000 + n}`,
      orderId,
      amount: { amount: 1234, currency: 'USD' },
      description: 'Baobab print, A3',
      returnUrl: `${url}/hooks/paypal/return?order=${orderId}&sig=abc`,
      cancelUrl: `${url}/hooks/paypal/cancel?order=${orderId}`,
      requestId: randomUUID(),
      ...overrides,
    }
  }

  /** Presses a button of the approval page, as a browser would, and answers the redirect. */
  const press = (approveUrl: string, action: 'pay' | 'decline' | 'cancel') =>
    submitForm(approveUrl, { action })

  async function paidOrder(overrides: Partial<PaypalOrderRequest> = {}) {
    const req = orderRequest(overrides)
    const order = await paypal.createOrder(req)
    expect((await press(order.approveUrl, 'pay')).status).toBe(303)
    const capture = await paypal.captureOrder(order.id, randomUUID())
    if (capture.status !== 'COMPLETED') throw new Error(`capture ${capture.status}`)
    return { req, order, capture }
  }

  /** A sandbox access token, for looking at the raw answers the adapter interprets. */
  async function rawApi(path: string, init: RequestInit = {}) {
    const basic = Buffer.from(`${payments.paypal.clientId}:${payments.paypal.clientSecret}`).toString(
      'base64',
    )
    const tokenRes = await fetch(`${url}/sandbox/paypal/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    })
    const { access_token } = (await tokenRes.json()) as { access_token: string }
    const res = await fetch(`${url}/sandbox/paypal${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${access_token}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  const eventsOf = (type: string) =>
    server.hooks
      .map((hook) => ({ hook, event: JSON.parse(hook.body) }))
      .filter(({ event }) => event.event_type === type)

  it('creates an order, the buyer approves it on the PayPal page, and the capture completes with its id and amount', async () => {
    const req = orderRequest()
    const order = await paypal.createOrder(req)
    expect(order.approveUrl).toBe(`${url}/sandbox/paypal/checkoutnow?token=${order.id}`)

    const pageRes = await fetch(order.approveUrl)
    const html = await pageRes.text()
    expect(pageRes.status).toBe(200)
    for (const text of [
      'Pay with PayPal (sandbox)',
      'Sandbox — no real money moves',
      'buyer@sandbox.soko.test',
      'USD 12.34',
      req.reference,
      'Pay now',
      'Pay with a card that is declined',
      'Cancel and return to Soko',
    ])
      expect(html).toContain(text)

    const approved = await press(order.approveUrl, 'pay')
    expect(approved.status).toBe(303)
    // The return URL keeps its own query and gets PayPal's token and PayerID after it.
    expect(approved.location).toBe(`${req.returnUrl}&token=${order.id}&PayerID=SOKOBUYER0001`)
    // The page waited for the approval webhook before sending the buyer back.
    expect(eventsOf('CHECKOUT.ORDER.APPROVED').some(({ event }) => event.resource.id === order.id)).toBe(true)
    expect((await paypal.getOrder(order.id)).status).toBe('APPROVED')

    const capture = await paypal.captureOrder(order.id, randomUUID())
    expect(capture).toEqual({
      status: 'COMPLETED',
      captureId: expect.stringMatching(/^[A-Z0-9]{17}$/),
      amount: { amount: 1234, currency: 'USD' },
      payerEmail: 'buyer@sandbox.soko.test',
    })
    expect(await paypal.getOrder(order.id)).toEqual({
      id: order.id,
      status: 'COMPLETED',
      captureId: capture.status === 'COMPLETED' ? capture.captureId : null,
      amount: { amount: 1234, currency: 'USD' },
      customId: req.orderId,
    })
  })

  it('answers NOT_APPROVED when the order is captured before the buyer approves it', async () => {
    const order = await paypal.createOrder(orderRequest())
    const capture = await paypal.captureOrder(order.id, randomUUID())
    expect(capture).toMatchObject({
      status: 'NOT_APPROVED',
      detail: expect.stringContaining('ORDER_NOT_APPROVED'),
    })
    const raw = await rawApi(`/v2/checkout/orders/${order.id}/capture`, { method: 'POST' })
    expect(raw.status).toBe(422)
    expect(raw.body).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue: 'ORDER_NOT_APPROVED' }],
      debug_id: expect.any(String),
    })
  })

  it('answers the same capture when an order is captured twice', async () => {
    const { order, capture } = await paidOrder()
    const raw = await rawApi(`/v2/checkout/orders/${order.id}/capture`, { method: 'POST' })
    expect(raw.status).toBe(422)
    expect(raw.body).toMatchObject({ details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] })
    // The adapter reads the order instead, so a retry after a lost answer still learns of the payment.
    expect(await paypal.captureOrder(order.id, randomUUID())).toEqual(capture)
  })

  it('makes one order for one PayPal-Request-Id', async () => {
    const req = orderRequest()
    const first = await paypal.createOrder(req)
    const again = await paypal.createOrder({ ...req, description: 'Changed on the retry' })
    expect(again).toEqual(first)
    const other = await paypal.createOrder({ ...req, requestId: randomUUID() })
    expect(other.id).not.toBe(first.id)
  })

  it('sends the buyer back to cancel_url when they cancel, and the order stays unpaid', async () => {
    const req = orderRequest()
    const order = await paypal.createOrder(req)
    const cancelled = await press(order.approveUrl, 'cancel')
    expect(cancelled.status).toBe(303)
    expect(cancelled.location).toBe(`${req.cancelUrl}&token=${order.id}`)
    expect((await paypal.getOrder(order.id)).status).toBe('PAYER_ACTION_REQUIRED')
    expect((await paypal.captureOrder(order.id, randomUUID())).status).toBe('NOT_APPROVED')
  })

  it('declines the capture when the buyer chose the declined card, and takes the payment once they choose again', async () => {
    const order = await paypal.createOrder(orderRequest())
    expect((await press(order.approveUrl, 'decline')).status).toBe(303)
    const declined = await paypal.captureOrder(order.id, randomUUID())
    expect(declined).toMatchObject({
      status: 'DECLINED',
      detail: expect.stringContaining('INSTRUMENT_DECLINED'),
    })
    const raw = await rawApi(`/v2/checkout/orders/${order.id}/capture`, { method: 'POST' })
    expect(raw).toMatchObject({ status: 422, body: { details: [{ issue: 'INSTRUMENT_DECLINED' }] } })

    // PayPal's recovery: the buyer goes back to the approval page and picks another way to pay.
    expect(await (await fetch(order.approveUrl)).text()).toContain('role="alert"')
    expect((await press(order.approveUrl, 'pay')).status).toBe(303)
    expect((await paypal.captureOrder(order.id, randomUUID())).status).toBe('COMPLETED')
  })

  it('signs its webhooks: verifyWebhook accepts them and refuses a tampered body, missing headers or another webhook id', async () => {
    const { req, order, capture } = await paidOrder()
    await sandbox.idle()
    const found = eventsOf('PAYMENT.CAPTURE.COMPLETED').find(
      ({ event }) => event.resource.custom_id === req.orderId,
    )
    if (!found) throw new Error('no PAYMENT.CAPTURE.COMPLETED webhook')
    const { hook } = found
    expect(hook.headers.get('paypal-auth-algo')).toBe('SHA256withRSA')
    expect(hook.headers.get('paypal-cert-url')).toBe(`${url}/sandbox/paypal/certs/sandbox`)

    const event = await paypal.verifyWebhook(hook.headers, hook.body)
    expect(event).toMatchObject({
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: {
        id: capture.status === 'COMPLETED' ? capture.captureId : '',
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '12.34' },
        custom_id: req.orderId,
        supplementary_data: { related_ids: { order_id: order.id } },
      },
    })
    // Plain header objects do too, whatever the case of their names.
    const plain = Object.fromEntries([...hook.headers].map(([k, v]) => [k.toUpperCase(), v]))
    expect(await paypal.verifyWebhook(plain, hook.body)).not.toBeNull()

    expect(await paypal.verifyWebhook(hook.headers, hook.body.replace('"12.34"', '"1.00"'))).toBeNull()
    const unsigned = new Headers(hook.headers)
    unsigned.delete('paypal-transmission-sig')
    expect(await paypal.verifyWebhook(unsigned, hook.body)).toBeNull()
    expect(await paypal.verifyWebhook(hook.headers, 'not json')).toBeNull()
    expect(await adapter({ webhookId: 'WH-SOMEONE-ELSE' }).verifyWebhook(hook.headers, hook.body)).toBeNull()
  })

  it('refunds a capture in parts, replays a refund for the same request id, and refuses more than is left', async () => {
    const { capture } = await paidOrder()
    if (capture.status !== 'COMPLETED') throw new Error('not captured')
    const requestId = randomUUID()
    const first = await paypal.refundCapture(capture.captureId, { amount: 500, currency: 'USD' }, requestId)
    expect(first).toEqual({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      status: 'COMPLETED',
      amount: { amount: 500, currency: 'USD' },
    })
    expect(
      await paypal.refundCapture(capture.captureId, { amount: 500, currency: 'USD' }, requestId),
    ).toEqual(first)

    const tooMuch = paypal.refundCapture(capture.captureId, { amount: 1000, currency: 'USD' }, randomUUID())
    await expect(tooMuch).rejects.toThrow(PaymentProviderError)
    await expect(tooMuch).rejects.toMatchObject({
      code: 'REFUND_AMOUNT_EXCEEDED',
      message: /more than what is left/,
    })

    const rest = await paypal.refundCapture(capture.captureId, { amount: 734, currency: 'USD' }, randomUUID())
    expect(rest.status).toBe('COMPLETED')
    await expect(
      paypal.refundCapture(capture.captureId, { amount: 1, currency: 'USD' }, randomUUID()),
    ).rejects.toMatchObject({ code: 'CAPTURE_FULLY_REFUNDED', message: /already been refunded/ })

    await sandbox.idle()
    const refunded = eventsOf('PAYMENT.CAPTURE.REFUNDED').filter(({ event }) =>
      [first.id, rest.id].includes(event.resource.id),
    )
    expect(refunded.map(({ event }) => event.resource.amount.value).sort()).toEqual(['5.00', '7.34'])
    for (const { hook } of refunded)
      expect(await paypal.verifyWebhook(hook.headers, hook.body)).not.toBeNull()
  })

  it('refuses credentials it does not know, with a message for people and a detail for the log', async () => {
    const wrong = adapter({ clientSecret: 'not-the-secret' })
    const attempt = wrong.createOrder(orderRequest())
    await expect(attempt).rejects.toThrow(PaymentProviderError)
    await expect(attempt).rejects.toMatchObject({
      message: 'PayPal is not answering right now: try again in a minute or pay another way',
      detail: expect.stringContaining('invalid_client'),
    })
    await expect(attempt).rejects.not.toMatchObject({ detail: expect.stringContaining('not-the-secret') })

    const noToken = await fetch(`${url}/sandbox/paypal/v2/checkout/orders/X`)
    expect(noToken.status).toBe(401)
  })

  it('keeps its token, and asks for a new one once when PayPal no longer takes it', async () => {
    const seen: string[] = []
    let spoil = false
    const counting = adapter({
      fetch: async (input, init) => {
        const path = new URL(String(input)).pathname
        seen.push(path)
        // Once: a token PayPal has forgotten (revoked, or its cache lost it).
        if (spoil && path.includes('/v2/')) {
          spoil = false
          return fetch(input, {
            ...init,
            headers: { ...(init?.headers as object), authorization: 'Bearer gone' },
          })
        }
        return fetch(input, init)
      },
    })
    const order = await counting.createOrder(orderRequest())
    await counting.getOrder(order.id)
    expect(seen.filter((p) => p.endsWith('/oauth2/token'))).toHaveLength(1)
    spoil = true
    expect((await counting.getOrder(order.id)).id).toBe(order.id)
    expect(seen.filter((p) => p.endsWith('/oauth2/token'))).toHaveLength(2)
  })

  it('answers a PaymentProviderError that may be retried when PayPal cannot be reached', async () => {
    const unreachable = adapter({ baseUrl: 'http://127.0.0.1:9/sandbox/paypal' })
    await expect(unreachable.createOrder(orderRequest())).rejects.toMatchObject({
      name: 'PaymentProviderError',
      retryable: true,
      message: 'PayPal is not answering right now: try again in a minute or pay another way',
    })
  })
})
