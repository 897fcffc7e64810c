import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  type Money,
  OrdersController,
  PaymentsController,
} from '@paypal/paypal-server-sdk'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SANDBOX } from '../../server/payments/sandbox-credentials'
import { type SdkSandboxes, startSdkSandboxes } from './sandboxes'

/**
 * The PayPal sandbox driven by PayPal's own server SDK, as an integrator would: OAuth, orders (one per
 * PayPal-Request-Id), the buyer's approval, capture, reading, refunds and the webhooks that follow; PayPal's
 * currencies (JPY without decimals taken, KES refused) and the seller's fee and net on captures and refunds.
 *
 * The SDK knows two hosts, PayPal's live and sandbox APIs, and no option for a third. It is pointed at this
 * sandbox by its own HTTP client options: the fetch adapter of the axios client it runs on, given a fetch
 * that sends what is meant for PayPal's sandbox host to /sandbox/paypal here. The SDK has no Payouts API;
 * its token is used for Payouts called directly.
 */

const PAYPAL_SANDBOX_HOST = 'https://api-m.sandbox.paypal.com'

/** What the Payouts API answers, as far as these tests read it. */
interface PayoutsAnswer {
  batch_header: { payout_batch_id: string }
  items: { payout_item_id: string }[]
}

describe('the PayPal sandbox, driven by @paypal/paypal-server-sdk', () => {
  let server: SdkSandboxes
  let base: string
  let orders: OrdersController
  let payments: PaymentsController

  /** A client of the SDK for these credentials, talking to the sandbox. */
  function sdkClient(clientId: string, clientSecret: string): Client {
    const toSandbox = (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init)
      const url = new URL(request.url)
      if (url.origin !== PAYPAL_SANDBOX_HOST) throw new Error(`the SDK called ${url.origin}`)
      return fetch(new Request(`${base}${url.pathname}${url.search}`, request))
    }
    return new Client({
      environment: Environment.Sandbox,
      clientCredentialsAuthCredentials: { oAuthClientId: clientId, oAuthClientSecret: clientSecret },
      timeout: 10_000,
      unstable_httpClientOptions: { adapter: 'fetch', env: { fetch: toSandbox } },
    })
  }

  beforeAll(async () => {
    server = await startSdkSandboxes()
    base = `${server.url}/sandbox/paypal`
    const client = sdkClient(SANDBOX.paypalClientId, SANDBOX.paypalClientSecret)
    orders = new OrdersController(client)
    payments = new PaymentsController(client)
  }, 60_000)
  afterAll(() => server?.close())

  /** An order for `amount`, whose buyer comes back to the shop's pages. */
  const orderRequest = (amount: Money, reference = 'SK-SDK-1') => ({
    intent: CheckoutPaymentIntent.Capture,
    purchaseUnits: [{ referenceId: reference, customId: `${reference}-custom`, amount }],
    paymentSource: {
      paypal: {
        experienceContext: {
          returnUrl: 'https://shop.example/paypal/return',
          cancelUrl: 'https://shop.example/paypal/cancel',
        },
      },
    },
  })

  /** The buyer on the approval page the order links to: it loads, they pay, and are sent back. */
  async function approve(links: { rel: string; href: string }[] | undefined) {
    const link = links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href
    if (!link) throw new Error('the order has no approval link')
    const page = await fetch(link)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<form method="post">')
    const paid = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'pay' }),
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    return new URL(paid.headers.get('location') ?? '')
  }

  /** An approved, captured order for `amount`: the order as the capture answered it. */
  async function capturedOrder(amount: Money) {
    const created = await orders.createOrder({
      body: orderRequest(amount),
      paypalRequestId: crypto.randomUUID(),
    })
    await approve(created.result.links)
    const { result } = await orders.captureOrder({
      id: created.result.id ?? '',
      paypalRequestId: crypto.randomUUID(),
    })
    return result
  }

  /** What the sandbox refused, as the SDK throws it: status, PayPal's error name and its first issue. */
  async function refusal(call: Promise<unknown>) {
    const error = await call.then(
      () => null,
      (e: unknown) => e,
    )
    if (!(error instanceof ApiError)) throw new Error(`expected PayPal's refusal, got ${String(error)}`)
    const body = error.result as { name?: string; details?: { issue?: string; field?: string }[] }
    return {
      status: error.statusCode,
      name: body?.name,
      issue: body?.details?.[0]?.issue,
      field: body?.details?.[0]?.field,
    }
  }

  /** A breakdown's amounts in minor units, checked to be in the currency and precision given. */
  function minor(amount: Money | undefined, currency: string, decimals: number): number {
    expect(amount?.currencyCode).toBe(currency)
    const value = amount?.value ?? ''
    expect(value).toMatch(decimals === 0 ? /^\d+$/ : /^\d+\.\d{2}$/)
    return Number(value.replace('.', ''))
  }

  it('hands out a token for the sandbox credentials, and refuses others', async () => {
    const token = await sdkClient(
      SANDBOX.paypalClientId,
      SANDBOX.paypalClientSecret,
    ).clientCredentialsAuthManager.fetchToken()
    expect(token.accessToken).toMatch(/^A21AA/)
    expect(token.tokenType).toBe('Bearer')
    expect(Number(token.expiresIn)).toBeGreaterThan(0)
    const stranger = sdkClient(SANDBOX.paypalClientId, 'not-the-secret')
    await expect(stranger.clientCredentialsAuthManager.fetchToken()).rejects.toMatchObject({
      statusCode: 401,
    })
  })

  it('makes one order per PayPal-Request-Id', async () => {
    const requestId = crypto.randomUUID()
    const first = await orders.createOrder({
      body: orderRequest({ currencyCode: 'USD', value: '10.00' }),
      paypalRequestId: requestId,
    })
    expect(first.statusCode).toBe(201)
    // The same id again, even with another body: the same order, as it stands.
    const again = await orders.createOrder({
      body: orderRequest({ currencyCode: 'USD', value: '99.00' }),
      paypalRequestId: requestId,
    })
    expect(again.statusCode).toBe(200)
    expect(again.result.id).toBe(first.result.id)
    expect(again.result.purchaseUnits?.[0]?.amount?.value).toBe('10.00')
    const other = await orders.createOrder({
      body: orderRequest({ currencyCode: 'USD', value: '10.00' }),
      paypalRequestId: crypto.randomUUID(),
    })
    expect(other.result.id).not.toBe(first.result.id)
  })

  it('takes an order through approval, capture, reading and refunds, with their webhooks', async () => {
    const created = await orders.createOrder({
      body: orderRequest({ currencyCode: 'USD', value: '100.00' }, 'SK-SDK-FLOW'),
      paypalRequestId: crypto.randomUUID(),
    })
    const orderId = created.result.id ?? ''
    expect(created.result.status).toBe('PAYER_ACTION_REQUIRED')
    const back = await approve(created.result.links)
    expect(back.origin + back.pathname).toBe('https://shop.example/paypal/return')
    expect(back.searchParams.get('token')).toBe(orderId)

    const approved = await orders.getOrder({ id: orderId })
    expect(approved.result.status).toBe('APPROVED')
    expect(approved.result.payer?.payerId).toBe(back.searchParams.get('PayerID'))

    const captureRequestId = crypto.randomUUID()
    const captured = await orders.captureOrder({ id: orderId, paypalRequestId: captureRequestId })
    expect(captured.statusCode).toBe(201)
    expect(captured.result.status).toBe('COMPLETED')
    const capture = captured.result.purchaseUnits?.[0]?.payments?.captures?.[0]
    expect(capture).toMatchObject({ status: 'COMPLETED', amount: { currencyCode: 'USD', value: '100.00' } })
    // The same PayPal-Request-Id replays the capture; another is refused as a second capture.
    expect((await orders.captureOrder({ id: orderId, paypalRequestId: captureRequestId })).result.id).toBe(
      orderId,
    )
    expect(
      await refusal(orders.captureOrder({ id: orderId, paypalRequestId: crypto.randomUUID() })),
    ).toMatchObject({
      status: 422,
      issue: 'ORDER_ALREADY_CAPTURED',
    })

    const read = await payments.getCapturedPayment({ captureId: capture?.id ?? '' })
    expect(read.result).toMatchObject({
      id: capture?.id,
      status: 'COMPLETED',
      customId: 'SK-SDK-FLOW-custom',
    })
    expect(read.result.sellerReceivableBreakdown).toEqual(capture?.sellerReceivableBreakdown)

    const part = await payments.refundCapturedPayment({
      captureId: capture?.id ?? '',
      paypalRequestId: crypto.randomUUID(),
      body: { amount: { currencyCode: 'USD', value: '40.00' } },
    })
    expect(part.result).toMatchObject({ status: 'COMPLETED', amount: { value: '40.00' } })
    const rest = await payments.refundCapturedPayment({
      captureId: capture?.id ?? '',
      paypalRequestId: crypto.randomUUID(),
    })
    expect(rest.result).toMatchObject({ status: 'COMPLETED', amount: { value: '60.00' } })
    expect((await payments.getRefund({ refundId: rest.result.id ?? '' })).result.id).toBe(rest.result.id)
    expect((await payments.getCapturedPayment({ captureId: capture?.id ?? '' })).result.status).toBe(
      'REFUNDED',
    )
    expect(await refusal(payments.refundCapturedPayment({ captureId: capture?.id ?? '' }))).toMatchObject({
      status: 422,
      issue: 'CAPTURE_FULLY_REFUNDED',
    })

    // The webhooks of each step, posted to the merchant's address as PayPal posts them.
    await vi.waitFor(() => {
      const about = server.hooks
        .filter((hook) => hook.path === '/hooks/paypal')
        .map((hook) => JSON.parse(hook.body) as { event_type: string; resource: Record<string, unknown> })
        .filter(
          (event) =>
            JSON.stringify(event.resource).includes(orderId) ||
            event.resource.id === part.result.id ||
            event.resource.id === rest.result.id,
        )
      expect(about.map((event) => event.event_type).sort()).toEqual([
        'CHECKOUT.ORDER.APPROVED',
        'PAYMENT.CAPTURE.COMPLETED',
        'PAYMENT.CAPTURE.REFUNDED',
        'PAYMENT.CAPTURE.REFUNDED',
      ])
      const completed = about.find((event) => event.event_type === 'PAYMENT.CAPTURE.COMPLETED')
      expect(completed?.resource).toHaveProperty('seller_receivable_breakdown.net_amount')
    })
    for (const hook of server.hooks.filter((h) => h.path === '/hooks/paypal'))
      expect(hook.headers.get('paypal-transmission-sig')).toBeTruthy()
  })

  it('gives a capture PayPal’s fee and the seller’s net, and a refund the fee it gives back', async () => {
    const captured = await capturedOrder({ currencyCode: 'USD', value: '100.00' })
    const capture = captured.purchaseUnits?.[0]?.payments?.captures?.[0]
    const breakdown = capture?.sellerReceivableBreakdown
    const gross = minor(breakdown?.grossAmount, 'USD', 2)
    const fee = minor(breakdown?.paypalFee, 'USD', 2)
    const net = minor(breakdown?.netAmount, 'USD', 2)
    expect(gross).toBe(100_00)
    expect(gross).toBe(fee + net)
    // The sandbox's rule: 3.49 % plus USD 0.49.
    expect(fee).toBe(3_49 + 49)

    // Two refunds give back the percentage on what they return (the fixed fee is kept), adding up exactly.
    const refunds = []
    for (const value of ['33.33', '66.67']) {
      const { result } = await payments.refundCapturedPayment({
        captureId: capture?.id ?? '',
        paypalRequestId: crypto.randomUUID(),
        body: { amount: { currencyCode: 'USD', value } },
      })
      const owed = result.sellerPayableBreakdown
      const refunded = minor(owed?.grossAmount, 'USD', 2)
      const back = minor(owed?.paypalFee, 'USD', 2)
      expect(minor(owed?.netAmount, 'USD', 2)).toBe(refunded - back)
      refunds.push({ refunded, back, total: minor(owed?.totalRefundedAmount, 'USD', 2) })
    }
    expect(refunds).toEqual([
      { refunded: 33_33, back: 1_16, total: 33_33 },
      { refunded: 66_67, back: 2_33, total: 100_00 },
    ])

    // A payment smaller than the fee leaves the seller nothing, never less.
    const tiny = (await capturedOrder({ currencyCode: 'USD', value: '0.30' })).purchaseUnits?.[0]?.payments
      ?.captures?.[0]
    expect(tiny?.sellerReceivableBreakdown).toMatchObject({
      paypalFee: { value: '0.30' },
      netAmount: { value: '0.00' },
    })
  })

  it('takes JPY without decimals, with a fee in whole yen, and refuses decimals in it', async () => {
    const captured = await capturedOrder({ currencyCode: 'JPY', value: '1500' })
    const breakdown = captured.purchaseUnits?.[0]?.payments?.captures?.[0]?.sellerReceivableBreakdown
    const gross = minor(breakdown?.grossAmount, 'JPY', 0)
    const fee = minor(breakdown?.paypalFee, 'JPY', 0)
    // 3.49 % of 1500 is 52.35, rounded to 52 yen, plus 49.
    expect([gross, fee, minor(breakdown?.netAmount, 'JPY', 0)]).toEqual([1500, 101, 1399])

    for (const [currencyCode, value] of [
      ['JPY', '1500.50'],
      ['JPY', '1500.00'],
      // ISO 4217 gives the forint two decimals; PayPal takes none.
      ['HUF', '100.00'],
      ['TWD', '10.5'],
    ] as const)
      expect(
        await refusal(
          orders.createOrder({
            body: orderRequest({ currencyCode, value }),
            paypalRequestId: crypto.randomUUID(),
          }),
        ),
        `${currencyCode} ${value}`,
      ).toMatchObject({ status: 422, name: 'UNPROCESSABLE_ENTITY', issue: 'DECIMALS_NOT_SUPPORTED' })
    expect(
      await refusal(
        orders.createOrder({
          body: orderRequest({ currencyCode: 'USD', value: '1.005' }),
          paypalRequestId: crypto.randomUUID(),
        }),
      ),
    ).toMatchObject({ status: 400, issue: 'DECIMAL_PRECISION' })
  })

  it('refuses KES, which PayPal does not take, as PayPal refuses a currency', async () => {
    for (const currencyCode of ['KES', 'UGX', 'XYZ'])
      expect(
        await refusal(
          orders.createOrder({
            body: orderRequest({ currencyCode, value: '100' }),
            paypalRequestId: crypto.randomUUID(),
          }),
        ),
        currencyCode,
      ).toEqual({
        status: 422,
        name: 'UNPROCESSABLE_ENTITY',
        issue: 'CURRENCY_NOT_SUPPORTED',
        field: '/purchase_units/0/amount/currency_code',
      })
    // The same list for a refund's amount.
    const capture = (await capturedOrder({ currencyCode: 'EUR', value: '20.00' })).purchaseUnits?.[0]
      ?.payments?.captures?.[0]
    expect(
      await refusal(
        payments.refundCapturedPayment({
          captureId: capture?.id ?? '',
          body: { amount: { currencyCode: 'KES', value: '1.00' } },
        }),
      ),
    ).toMatchObject({ status: 422, issue: 'CURRENCY_NOT_SUPPORTED' })
  })

  it('refuses a NUL in text as malformed, and finds nothing by an id with one (never a 500)', async () => {
    const withNul = {
      intent: CheckoutPaymentIntent.Capture,
      purchaseUnits: [{ customId: 'before\u0000after', amount: { currencyCode: 'USD', value: '1.00' } }],
    }
    expect(await refusal(orders.createOrder({ body: withNul }))).toMatchObject({
      status: 400,
      name: 'INVALID_REQUEST',
      issue: 'MALFORMED_REQUEST_JSON',
    })
    expect(await refusal(orders.getOrder({ id: 'ORDER\u0000' }))).toMatchObject({
      status: 404,
      name: 'RESOURCE_NOT_FOUND',
    })
  })

  it('pays out (the SDK has no Payouts API: its token with plain calls), in PayPal’s currencies', async () => {
    const { accessToken } = await sdkClient(
      SANDBOX.paypalClientId,
      SANDBOX.paypalClientSecret,
    ).clientCredentialsAuthManager.fetchToken()
    const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
      return { status: res.status, body: (await res.json()) as PayoutsAnswer }
    }
    const payout = (currency: string, value: string) => ({
      sender_batch_header: { sender_batch_id: crypto.randomUUID(), email_subject: 'SDK payout' },
      items: [{ receiver: 'seller@example.com', amount: { currency, value }, sender_item_id: 'sdk-item-1' }],
    })
    const created = await call('POST', '/v1/payments/payouts', payout('JPY', '1000'))
    expect(created.status).toBe(201)
    const batchId = created.body.batch_header.payout_batch_id as string
    const batch = await call('GET', `/v1/payments/payouts/${batchId}`)
    expect(batch.body.batch_header).toMatchObject({
      batch_status: 'SUCCESS',
      amount: { currency: 'JPY', value: '1000' },
    })
    const item = await call('GET', `/v1/payments/payouts-item/${batch.body.items[0]?.payout_item_id}`)
    expect(item.body).toMatchObject({
      transaction_status: 'SUCCESS',
      payout_item: { sender_item_id: 'sdk-item-1' },
    })
    await vi.waitFor(() =>
      expect(
        server.hooks.some(
          (hook) => hook.body.includes('PAYMENT.PAYOUTS-ITEM.SUCCEEDED') && hook.body.includes(batchId),
        ),
      ).toBe(true),
    )
    expect((await call('POST', '/v1/payments/payouts', payout('KES', '100.00'))).body).toMatchObject({
      name: 'VALIDATION_ERROR',
      details: [{ field: 'items[0].amount.currency' }],
    })
    expect((await call('POST', '/v1/payments/payouts', payout('JPY', '100.5'))).status).toBe(400)
  })
})
