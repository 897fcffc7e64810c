import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { type CurrencyCode, currencies } from '../../../contract/currencies'
import { clock } from '../../lib/clock'
import { escapeHtml } from '../../lib/html'
import { fromDecimal, isCurrencyCode, toDecimal } from '../provider-money'
import { deliveries } from './deliveries'
import { page, type SandboxPage, sandboxPage } from './pages'
import { paypalPayoutsSandbox } from './paypal-payouts.sandbox'
import type { SandboxDeps } from './sandbox-deps'

/**
 * A local PayPal (docs/payments.md): OAuth, Orders v2 (create, get, capture), refunds, Payouts
 * (paypal-payouts.sandbox.ts, with its tester's page at /payouts), signed webhooks with their verification
 * endpoint, and the buyer's approval page. Mounted at
 * /sandbox/paypal. It accepts exactly deps.payments.paypal's credentials and answers in PayPal's shapes,
 * errors included, so the adapter cannot tell it from PayPal. All state is in the sandbox store.
 */

export type PaypalSandbox = Hono & {
  /** Resolves once every webhook the sandbox has started sending has been delivered (or has failed). */
  idle(): Promise<void>
}

/** The buyer the approval page shows as signed in. */
export const PAYPAL_SANDBOX_BUYER = {
  email: 'buyer@sandbox.soko.test',
  payerId: 'SOKOBUYER0001',
  givenName: 'Sandbox',
  surname: 'Buyer',
} as const

interface Amount {
  currency_code: string
  value: string
}

interface Capture {
  id: string
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED'
  amount: Amount
  final_capture: boolean
  custom_id?: string
  seller_protection: { status: string; dispute_categories: string[] }
  create_time: string
  update_time: string
  links: Link[]
}

interface PurchaseUnit {
  reference_id: string
  amount: Amount
  payee: { email_address: string; merchant_id: string }
  description?: string
  custom_id?: string
  payments?: { captures: Capture[] }
}

interface Order {
  id: string
  intent: 'CAPTURE'
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED'
  payment_source?: { paypal: Record<string, unknown> }
  purchase_units: PurchaseUnit[]
  payer?: Record<string, unknown>
  create_time: string
  update_time?: string
  links: Link[]
}

interface Link {
  href: string
  rel: string
  method: 'GET' | 'POST' | 'PATCH'
}

interface OrderRecord extends Record<string, unknown> {
  order: Order
  returnUrl: string | null
  cancelUrl: string | null
  /** The buyer chose the funding source that is declined: capturing answers INSTRUMENT_DECLINED. */
  decline: boolean
  /** The PayPal-Request-Id of the capture that completed the order: the same id again replays it. */
  captureRequestId: string | null
}

interface CaptureRecord extends Record<string, unknown> {
  capture: Capture & { supplementary_data: { related_ids: { order_id: string } } }
  orderId: string
  /** Minor units refunded so far. */
  refunded: number
}

interface RefundRecord extends Record<string, unknown> {
  refund: Record<string, unknown>
}

const TOKEN_SECONDS = 32_400
const DELIVERY_TIMEOUT_MS = 30_000
const MERCHANT = { email_address: 'merchant@sandbox.soko.test', merchant_id: 'SOKOMERCHANT1' }
const MESSAGES = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  UNPROCESSABLE_ENTITY:
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
} as const

export function paypalSandbox(deps: SandboxDeps): PaypalSandbox {
  const { store } = deps
  const config = deps.payments.paypal
  const base = `${deps.publicUrl}/sandbox/paypal`
  const certUrl = `${base}/certs/sandbox`
  // The sandbox's own signing key: PayPal signs with a certificate it alone holds; this is its stand-in,
  // known only to this server and checked only by its verify endpoint, as PayPal's is.
  const signingKey = createHmac('sha256', config.clientSecret).update('soko-sandbox-paypal-webhooks').digest()
  const app = new Hono()
  const posts = deliveries({ ...deps, from: 'PayPal sandbox', timeoutMs: DELIVERY_TIMEOUT_MS })

  /** Sends a webhook; the returned promise never rejects (a failed delivery is logged, as PayPal shows it). */
  function notify(eventType: string, resourceType: string, resource: object, summary: string) {
    const event = {
      id: `WH-${paypalId(17)}-${paypalId(17)}`,
      event_version: '1.0',
      create_time: clock.now().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [{ href: `${base}/v1/notifications/webhooks-events/${eventType}`, rel: 'self', method: 'GET' }],
    }
    const body = JSON.stringify(event)
    const transmissionId = randomUUID()
    const transmissionTime = clock.now().toISOString()
    return posts.send({
      url: deps.webhookUrl('paypal'),
      body,
      headers: {
        'user-agent': 'PayPal/AUHD-214.0-58842340',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': certUrl,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': transmissionTime,
        'paypal-transmission-sig': sign(transmissionId, transmissionTime, config.webhookId, body),
      },
      what: 'webhook',
      context: { eventType },
    })
  }

  /** PayPal's string to sign: transmission id, time, webhook id and the CRC32 of the body, with pipes. */
  function sign(transmissionId: string, time: string, webhookId: string, body: string): string {
    return createHmac('sha256', signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${crc32(body)}`)
      .digest('base64')
  }

  const loadOrder = (id: string | undefined) =>
    id ? store.get<OrderRecord>('paypal', `order:${id}`) : Promise.resolve(null)

  // --- OAuth ---

  app.post('/v1/oauth2/token', async (c) => {
    const [id, secret] = basicCredentials(c.req.header('authorization'))
    if (id !== config.clientId || secret !== config.clientSecret)
      return c.json({ error: 'invalid_client', error_description: 'Client Authentication failed' }, 401)
    const grant = new URLSearchParams(await c.req.text()).get('grant_type')
    if (grant !== 'client_credentials')
      return c.json(
        {
          error: 'unsupported_grant_type',
          error_description: grant ? 'Grant Type is not supported' : 'Grant Type is NULL',
        },
        400,
      )
    const token = `A21AA${randomBytes(48).toString('base64url')}`
    await store.put('paypal', 'token', `token:${token}`, { expiresAt: clock.ms() + TOKEN_SECONDS * 1000 })
    return c.json({
      scope:
        'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-SOKOSANDBOX',
      expires_in: TOKEN_SECONDS,
      nonce: `${clock.now().toISOString()}${randomBytes(16).toString('base64url')}`,
    })
  })

  const bearer = async (c: Context, next: () => Promise<void>) => {
    const token = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1]
    if (!token)
      return c.json(
        {
          name: 'AUTHENTICATION_FAILURE',
          message:
            'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
          links: [{ href: 'https://developer.paypal.com/api/rest/authentication/', rel: 'information_link' }],
        },
        401,
      )
    const known = await store.get<{ expiresAt: number }>('paypal', `token:${token}`)
    if (!known || known.expiresAt <= clock.ms())
      return c.json(
        {
          error: 'invalid_token',
          error_description: known
            ? 'The token passed in was expired'
            : 'Token signature verification failed',
        },
        401,
      )
    await next()
  }
  app.use('/v2/*', bearer)
  app.use('/v1/notifications/*', bearer)
  app.use('/v1/payments/*', bearer)

  // --- Orders v2 ---

  app.post('/v2/checkout/orders', async (c) => {
    const requestId = c.req.header('paypal-request-id')
    // The same PayPal-Request-Id answers the order it made the first time, whatever the body says now.
    const replay = requestId ? await orderFor(`request:create:${requestId}`) : null
    if (replay) return c.json(replay.order, 200)

    const body = await readJson(c)
    if (!body) return malformedJson(c)
    if (body.intent === undefined)
      return invalid(c, '/intent', 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.')
    if (body.intent !== 'CAPTURE')
      return invalid(c, '/intent', 'INVALID_PARAMETER_VALUE', "The sandbox takes intent 'CAPTURE' only.")
    const units = body.purchase_units
    if (!Array.isArray(units) || units.length === 0)
      return invalid(c, '/purchase_units', 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.')
    if (units.length > 1)
      return invalid(c, '/purchase_units', 'INVALID_ARRAY_MAX_ITEMS', 'The sandbox takes one purchase unit.')
    const unit = (units[0] ?? {}) as Record<string, unknown>
    const amount = readAmount(unit.amount, '/purchase_units/0/amount')
    if ('issue' in amount) return amount.answer(c)
    if (amount.minor <= 0)
      return unprocessable(
        c,
        'CANNOT_BE_ZERO_OR_NEGATIVE',
        'Must be greater than zero.',
        '/purchase_units/0/amount/value',
      )
    for (const [field, max] of [
      ['reference_id', 256],
      ['custom_id', 127],
      ['description', 127],
    ] as const) {
      const value = unit[field]
      if (value !== undefined && (typeof value !== 'string' || value.length === 0 || value.length > max))
        return invalid(
          c,
          `/purchase_units/0/${field}`,
          'INVALID_STRING_LENGTH',
          `The value of a field is either too short or too long (1 to ${max} characters).`,
        )
    }
    const source = body.payment_source as
      | { paypal?: { experience_context?: Record<string, unknown> } }
      | undefined
    const context = (source?.paypal?.experience_context ?? body.application_context ?? {}) as Record<
      string,
      unknown
    >
    const urls: Record<string, string | null> = {}
    for (const field of ['return_url', 'cancel_url'] as const) {
      const value = context[field]
      if (value !== undefined && !isHttpUrl(value))
        return invalid(
          c,
          `/payment_source/paypal/experience_context/${field}`,
          'INVALID_PARAMETER_SYNTAX',
          'The value of a field does not conform to the expected format.',
        )
      urls[field] = typeof value === 'string' ? value : null
    }

    const id = paypalId(17)
    const withSource = Boolean(source?.paypal)
    const order: Order = {
      id,
      intent: 'CAPTURE',
      status: withSource ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      ...(withSource ? { payment_source: { paypal: {} } } : {}),
      purchase_units: [
        {
          reference_id: typeof unit.reference_id === 'string' ? unit.reference_id : 'default',
          amount: { currency_code: amount.currency, value: amount.value },
          payee: MERCHANT,
          ...(typeof unit.description === 'string' ? { description: unit.description } : {}),
          ...(typeof unit.custom_id === 'string' ? { custom_id: unit.custom_id } : {}),
        },
      ],
      create_time: clock.now().toISOString(),
      links: [],
    }
    order.links = orderLinks(order)
    await store.put<OrderRecord>('paypal', 'order', `order:${id}`, {
      order,
      returnUrl: urls.return_url ?? null,
      cancelUrl: urls.cancel_url ?? null,
      decline: false,
      captureRequestId: null,
    })
    if (requestId && !(await claim(`request:create:${requestId}`, id))) {
      // Another request with this id won the race: answer its order (this one is never shown to anyone).
      const first = await orderFor(`request:create:${requestId}`)
      if (first) return c.json(first.order, 200)
    }
    return c.json(order, 201)
  })

  app.get('/v2/checkout/orders/:id', async (c) => {
    const record = await loadOrder(c.req.param('id'))
    return record ? c.json(record.order) : notFound(c)
  })

  app.post('/v2/checkout/orders/:id/capture', async (c) => {
    const id = c.req.param('id')
    const requestId = c.req.header('paypal-request-id') ?? null
    const captureId = paypalId(17)
    const result = await store.update<OrderRecord>('paypal', `order:${id}`, (record) =>
      record.order.status === 'APPROVED' && !record.decline ? capture(record, captureId, requestId) : null,
    )
    if (!result) return notFound(c)
    const { order } = result.data
    if (!result.changed) {
      if (order.status === 'COMPLETED') {
        if (requestId && requestId === result.data.captureRequestId) return c.json(order, 200)
        return unprocessable(
          c,
          'ORDER_ALREADY_CAPTURED',
          'Order already captured. If intent=CAPTURE only one capture per order is allowed.',
        )
      }
      if (order.status === 'APPROVED')
        return unprocessable(
          c,
          'INSTRUMENT_DECLINED',
          'The instrument presented was either declined by the processor or bank, or it cannot be used for this payment.',
        )
      return unprocessable(
        c,
        'ORDER_NOT_APPROVED',
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call.",
      )
    }
    const made = order.purchase_units[0]?.payments?.captures[0]
    if (made) {
      const stored: CaptureRecord = {
        capture: { ...made, supplementary_data: { related_ids: { order_id: id } } },
        orderId: id,
        refunded: 0,
      }
      await store.put<CaptureRecord>('paypal', 'capture', `capture:${made.id}`, stored)
      // In the background, as PayPal does: the caller may hold locks its own webhook handler needs.
      void notify(
        'PAYMENT.CAPTURE.COMPLETED',
        'capture',
        stored.capture,
        `Payment completed for ${made.amount.value} ${made.amount.currency_code}`,
      )
    }
    return c.json(order, 201)
  })

  // --- Captures and refunds ---

  app.get('/v2/payments/captures/:id', async (c) => {
    const record = await store.get<CaptureRecord>('paypal', `capture:${c.req.param('id')}`)
    return record ? c.json(record.capture) : notFound(c)
  })

  app.post('/v2/payments/captures/:id/refund', async (c) => {
    const captureId = c.req.param('id')
    const requestId = c.req.header('paypal-request-id')
    if (requestId) {
      const known = await store.get<{ id: string }>('paypal', `request:refund:${requestId}`)
      const refund = known && (await store.get<RefundRecord>('paypal', `refund:${known.id}`))
      if (refund) return c.json(refund.refund, 200)
    }
    const text = await c.req.text()
    const body = text.trim() ? parseJson(text) : {}
    if (!body) return malformedJson(c)
    const current = await store.get<CaptureRecord>('paypal', `capture:${captureId}`)
    if (!current) return notFound(c)
    const currency = current.capture.amount.currency_code as CurrencyCode
    const total = fromDecimal(current.capture.amount.value, currency)
    let minor = total - current.refunded
    if (body.amount !== undefined) {
      const amount = readAmount(body.amount, '/amount')
      if ('issue' in amount) return amount.answer(c)
      if (amount.currency !== currency)
        return unprocessable(
          c,
          'CURRENCY_MISMATCH',
          `Refund must be in the currency of the capture (${currency}).`,
          '/amount/currency_code',
        )
      if (amount.minor <= 0)
        return unprocessable(c, 'CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.', '/amount/value')
      minor = amount.minor
    }
    const refundId = paypalId(17)
    const now = clock.now().toISOString()
    const result = await store.update<CaptureRecord>('paypal', `capture:${captureId}`, (record) => {
      const left = total - record.refunded
      if (left <= 0 || minor > left) return null
      const refunded = record.refunded + minor
      const status = refunded === total ? 'REFUNDED' : 'PARTIALLY_REFUNDED'
      return { ...record, refunded, capture: { ...record.capture, status, update_time: now } }
    })
    if (!result) return notFound(c)
    if (!result.changed)
      return result.data.refunded >= total
        ? unprocessable(c, 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.')
        : unprocessable(
            c,
            'REFUND_AMOUNT_EXCEEDED',
            'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
          )
    const refund = {
      id: refundId,
      amount: { currency_code: currency, value: toDecimal(minor, currency) },
      status: 'COMPLETED',
      ...(current.capture.custom_id ? { custom_id: current.capture.custom_id } : {}),
      create_time: now,
      update_time: now,
      links: [
        { href: `${base}/v2/payments/refunds/${refundId}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    }
    await store.put<RefundRecord>('paypal', 'refund', `refund:${refundId}`, { refund })
    if (requestId) await claim(`request:refund:${requestId}`, refundId)
    // The order shows its capture's new status too, as PayPal's does.
    const status = result.data.capture.status
    await store.update<OrderRecord>('paypal', `order:${result.data.orderId}`, (record) => ({
      ...record,
      order: {
        ...record.order,
        purchase_units: record.order.purchase_units.map((u) => ({
          ...u,
          ...(u.payments
            ? {
                payments: {
                  captures: u.payments.captures.map((k) => (k.id === captureId ? { ...k, status } : k)),
                },
              }
            : {}),
        })),
      },
    }))
    void notify(
      'PAYMENT.CAPTURE.REFUNDED',
      'refund',
      refund,
      `A ${refund.amount.value} ${currency} capture payment was refunded`,
    )
    return c.json(refund, 201)
  })

  app.get('/v2/payments/refunds/:id', async (c) => {
    const record = await store.get<RefundRecord>('paypal', `refund:${c.req.param('id')}`)
    return record ? c.json(record.refund) : notFound(c)
  })

  // --- Webhook signatures ---

  app.post('/v1/notifications/verify-webhook-signature', async (c) => {
    const body = await readJson(c)
    if (!body) return malformedJson(c)
    const fields = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ]
    for (const field of [...fields, 'webhook_event']) {
      const value = body[field]
      if (
        field === 'webhook_event'
          ? typeof value !== 'object' || value === null
          : typeof value !== 'string' || !value
      )
        return invalid(c, `/${field}`, 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.')
    }
    const [algo, cert, id, sig, time, webhookId] = fields.map((f) => body[f] as string) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ]
    // The event as PayPal re-serialises it: compact JSON, which is what this sandbox signed.
    const expected = Buffer.from(sign(id, time, webhookId, JSON.stringify(body.webhook_event)))
    const given = Buffer.from(sig)
    const genuine =
      algo === 'SHA256withRSA' &&
      cert === certUrl &&
      webhookId === config.webhookId &&
      given.length === expected.length &&
      timingSafeEqual(given, expected)
    return c.json({ verification_status: genuine ? 'SUCCESS' : 'FAILURE' })
  })

  app.get('/certs/:name', (c) =>
    c.text(
      'The Soko sandbox signs its PayPal webhooks with a key of its own, not a certificate: check them with POST /sandbox/paypal/v1/notifications/verify-webhook-signature.\n',
    ),
  )

  // --- Payouts, and their tester's page ---

  app.route('/', paypalPayoutsSandbox({ store, base, notify, track: posts.track, claim, paypalId }))

  // --- The buyer's approval page ---

  app.get('/checkoutnow', async (c) => {
    const record = await loadOrder(c.req.query('token'))
    if (!record) return page(c, notFoundPage(), 404)
    return page(c, approvalPage(record))
  })

  app.post('/checkoutnow', async (c) => {
    const id = c.req.query('token')
    const record = await loadOrder(id)
    if (!id || !record) return page(c, notFoundPage(), 404)
    const form = await c.req.parseBody()
    const action = form.action
    if (action === 'cancel') {
      if (!record.cancelUrl) return page(c, messagePage('Payment cancelled', 'You can close this page.'))
      return c.redirect(withQuery(record.cancelUrl, { token: id }), 303)
    }
    if (action !== 'pay' && action !== 'decline') return page(c, approvalPage(record), 400)
    const result = await store.update<OrderRecord>('paypal', `order:${id}`, (r) =>
      r.order.status === 'COMPLETED' ? null : approve(r, action === 'decline'),
    )
    if (!result?.changed) return page(c, approvalPage(result?.data ?? record))
    // Awaited: the buyer lands back on Soko only after Soko has heard of the approval, which keeps
    // end-to-end runs deterministic.
    await notify(
      'CHECKOUT.ORDER.APPROVED',
      'checkout-order',
      result.data.order,
      'An order has been approved by buyer',
    )
    if (!result.data.returnUrl) return page(c, messagePage('Payment approved', 'You can close this page.'))
    return c.redirect(
      withQuery(result.data.returnUrl, { token: id, PayerID: PAYPAL_SANDBOX_BUYER.payerId }),
      303,
    )
  })

  /** The order a request id points at, when both exist. */
  async function orderFor(requestKey: string): Promise<OrderRecord | null> {
    const known = await store.get<{ id: string }>('paypal', requestKey)
    return known ? loadOrder(known.id) : null
  }

  /** Records that a request id made this object; false when another request took the id first. */
  async function claim(requestKey: string, id: string): Promise<boolean> {
    try {
      await store.put('paypal', 'request', requestKey, { id })
      return true
    } catch (error) {
      if (await store.get('paypal', requestKey)) return false
      throw error
    }
  }

  function orderLinks(order: Pick<Order, 'id' | 'status'>): Link[] {
    const self: Link = { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }
    const approve = `${base}/checkoutnow?token=${order.id}`
    switch (order.status) {
      case 'CREATED':
        return [self, { href: approve, rel: 'approve', method: 'GET' }]
      case 'PAYER_ACTION_REQUIRED':
        return [self, { href: approve, rel: 'payer-action', method: 'GET' }]
      case 'APPROVED':
        return [
          self,
          { href: `${self.href}`, rel: 'update', method: 'PATCH' },
          { href: `${self.href}/capture`, rel: 'capture', method: 'POST' },
        ]
      default:
        return [self]
    }
  }

  function approve(record: OrderRecord, decline: boolean): OrderRecord {
    const buyer = PAYPAL_SANDBOX_BUYER
    const name = { given_name: buyer.givenName, surname: buyer.surname }
    const order: Order = {
      ...record.order,
      status: 'APPROVED',
      payment_source: {
        paypal: {
          email_address: buyer.email,
          account_id: buyer.payerId,
          account_status: 'VERIFIED',
          name,
          address: { country_code: 'KE' },
        },
      },
      payer: { name, email_address: buyer.email, payer_id: buyer.payerId, address: { country_code: 'KE' } },
      update_time: clock.now().toISOString(),
    }
    order.links = orderLinks(order)
    return { ...record, order, decline }
  }

  function capture(record: OrderRecord, captureId: string, requestId: string | null): OrderRecord {
    const now = clock.now().toISOString()
    const [unit, ...others] = record.order.purchase_units
    if (!unit) return record
    const made: Capture = {
      id: captureId,
      status: 'COMPLETED',
      amount: unit.amount,
      final_capture: true,
      ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
      seller_protection: {
        status: 'ELIGIBLE',
        dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
      },
      create_time: now,
      update_time: now,
      links: [
        { href: `${base}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${captureId}/refund`, rel: 'refund', method: 'POST' },
        { href: `${base}/v2/checkout/orders/${record.order.id}`, rel: 'up', method: 'GET' },
      ],
    }
    const order: Order = {
      ...record.order,
      status: 'COMPLETED',
      purchase_units: [{ ...unit, payments: { captures: [made] } }, ...others],
      update_time: now,
    }
    order.links = orderLinks(order)
    return { ...record, order, captureRequestId: requestId }
  }

  return Object.assign(app, { idle: posts.idle })
}

// --- PayPal's answers ---

type Answer = (c: Context) => Response

function error(
  c: Context,
  status: ContentfulStatusCode,
  name: keyof typeof MESSAGES,
  issue: string,
  description: string,
  field?: string,
) {
  return c.json(
    {
      name,
      message: MESSAGES[name],
      debug_id: randomBytes(7).toString('hex').slice(0, 13),
      details: [{ ...(field ? { field, location: 'body' } : {}), issue, description }],
      links: [
        {
          href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${issue}`,
          rel: 'information_link',
          method: 'GET',
        },
      ],
    },
    status,
  )
}

const invalid = (c: Context, field: string, issue: string, description: string) =>
  error(c, 400, 'INVALID_REQUEST', issue, description, field)
const unprocessable = (c: Context, issue: string, description: string, field?: string) =>
  error(c, 422, 'UNPROCESSABLE_ENTITY', issue, description, field)
const notFound = (c: Context) =>
  error(
    c,
    404,
    'RESOURCE_NOT_FOUND',
    'INVALID_RESOURCE_ID',
    'Specified resource ID does not exist. Please check the resource ID and try again.',
  )
const malformedJson = (c: Context) =>
  error(c, 400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.')

/** A PayPal amount, checked as PayPal checks it: an ISO currency and a decimal in its precision. */
function readAmount(
  raw: unknown,
  field: string,
): { currency: CurrencyCode; value: string; minor: number } | { issue: string; answer: Answer } {
  const amount = (raw ?? {}) as Partial<Amount>
  const fail = (at: string, issue: string, description: string) => ({
    issue,
    answer: (c: Context) => invalid(c, `${field}${at}`, issue, description),
  })
  if (typeof raw !== 'object' || raw === null)
    return fail('', 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.')
  const currency = amount.currency_code
  if (typeof currency !== 'string')
    return fail('/currency_code', 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.')
  if (!isCurrencyCode(currency))
    return {
      issue: 'CURRENCY_NOT_SUPPORTED',
      answer: (c) =>
        unprocessable(
          c,
          'CURRENCY_NOT_SUPPORTED',
          `Currency code ${currency} is not supported by the sandbox.`,
          `${field}/currency_code`,
        ),
    }
  const value = amount.value
  if (typeof value !== 'string')
    return fail('/value', 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.')
  if (!/^\d{1,15}(\.\d+)?$/.test(value))
    return fail(
      '/value',
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
    )
  const digits = currencies[currency].minorUnits
  if ((value.split('.')[1]?.length ?? 0) > digits)
    return fail('/value', 'DECIMAL_PRECISION', `${currency} takes at most ${digits} decimal places.`)
  return { currency, value, minor: fromDecimal(value, currency) }
}

// --- Pages ---

function approvalPage(record: OrderRecord): SandboxPage {
  const { order } = record
  const unit = order.purchase_units[0]
  const amount = unit ? `${unit.amount.currency_code} ${unit.amount.value}` : ''
  const summary = `
    <dl>
      <dt>Amount</dt><dd class="amount">${escapeHtml(amount)}</dd>
      <dt>Merchant reference</dt><dd>${escapeHtml(unit?.reference_id ?? '')}</dd>
      ${unit?.description ? `<dt>For</dt><dd>${escapeHtml(unit.description)}</dd>` : ''}
    </dl>`
  if (order.status === 'COMPLETED')
    return layout(
      'This payment is complete',
      `${summary}<p>PayPal has already taken this payment: there is nothing more to do here.</p>
      ${record.returnUrl ? `<p><a href="${escapeHtml(record.returnUrl)}">Return to Soko</a></p>` : ''}`,
    )
  const declined = order.status === 'APPROVED' && record.decline
  return layout(
    'Pay with PayPal (sandbox)',
    `<p class="buyer">Signed in as <strong>${PAYPAL_SANDBOX_BUYER.email}</strong> (the sandbox buyer)</p>
    ${summary}
    ${declined ? '<p role="alert">The card you chose was declined. Choose how to pay again.</p>' : ''}
    <form method="post">
      <button name="action" value="pay" class="primary">Pay now</button>
      <button name="action" value="decline">Pay with a card that is declined</button>
      <button name="action" value="cancel" class="link">Cancel and return to Soko</button>
    </form>`,
    [record.returnUrl, record.cancelUrl],
  )
}

function notFoundPage(): SandboxPage {
  return layout(
    'We cannot find this PayPal checkout',
    '<p>The link may be incomplete. Go back to Soko and start the payment again.</p>',
  )
}

function messagePage(title: string, text: string): SandboxPage {
  return layout(title, `<p>${escapeHtml(text)}</p>`)
}

/** An approval page; one with a form names where paying or cancelling may redirect to (`returnTo`). */
function layout(title: string, body: string, returnTo: (string | null)[] = []): SandboxPage {
  return sandboxPage({ title, css: APPROVAL_CSS, body, returnTo })
}

const APPROVAL_CSS = `
  body { color: #001c64; background: #f5f7fa; }
  main { margin: 1rem .75rem; padding: 1.25rem; background: #fff; border-radius: .75rem; box-shadow: 0 1px 4px #0002; }
  @media (min-width: 30rem) { main { margin: 2rem auto; padding: 1.5rem; } }
  h1 { margin-top: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
  dt { color: #545d68; } dd { margin: 0; font-weight: 600; }
  .amount { font-size: 1.25rem; }
  form { display: grid; gap: .75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .75rem 1rem; border-radius: 2rem; border: 2px solid #0070e0; background: #fff; color: #0070e0; cursor: pointer; }
  button.primary { background: #0070e0; color: #fff; }
  button.link { border: none; text-decoration: underline; }
  [role=alert] { padding: .75rem; border-radius: .5rem; background: #fdecea; color: #8a1c12; }`

// --- Small helpers ---

/** PayPal-like ids: upper-case letters and digits. */
function paypalId(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('')
}

function basicCredentials(header: string | undefined): [string, string] | [] {
  const encoded = /^Basic (\S+)$/i.exec(header ?? '')?.[1]
  if (!encoded) return []
  const decoded = Buffer.from(encoded, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon < 0 ? [] : [decoded.slice(0, colon), decoded.slice(colon + 1)]
}

async function readJson(c: Context): Promise<Record<string, unknown> | null> {
  return parseJson(await c.req.text())
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null
  } catch {
    return null
  }
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** Adds query parameters to a URL that may already have some (and a fragment), as PayPal does. */
function withQuery(url: string, params: Record<string, string>): string {
  const hash = url.indexOf('#')
  const [path, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)]
  const joiner = !path.includes('?') ? '?' : /[?&]$/.test(path) ? '' : '&'
  return `${path}${joiner}${new URLSearchParams(params)}${fragment}`
}
