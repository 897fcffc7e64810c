import { createHash, createHmac, randomInt } from 'node:crypto'
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import Stripe from 'stripe'
import type { CurrencyCode } from '../../../contract/currencies'
import { clock } from '../../lib/clock'
import { escapeHtml } from '../../lib/html'
import { displayAmount, isCurrencyCode } from '../provider-money'
import { deliveries } from './deliveries'
import { page, type SandboxPage, sandboxPage } from './pages'
import type { SandboxDeps } from './sandbox-deps'

/**
 * A local Stripe (docs/payments.md) for Checkout: sessions (create, retrieve, expire),
 * refunds, payment intents, signed webhooks, and the hosted card page with Stripe's test cards. Mounted at
 * /sandbox/stripe. It reads what the stripe SDK sends (form-encoded bodies with bracketed keys, Bearer
 * secret key, Idempotency-Key) and answers Stripe-shaped objects and errors, so the adapter cannot tell it
 * from Stripe. All state is in the sandbox store.
 */

export type StripeSandbox = Hono & {
  /** Resolves once every webhook the sandbox has started sending has been delivered (or has failed). */
  idle(): Promise<void>
}

/** Stripe's test card numbers and what each does here, as on Stripe's own test page. */
export const STRIPE_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000002760003184',
} as const

const DECLINED = 'Your card was declined.'
const INCORRECT_NUMBER = 'Your card number is incorrect.'
const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.'

interface CheckoutSession {
  id: string
  object: 'checkout.session'
  amount_subtotal: number
  amount_total: number
  cancel_url: string | null
  client_reference_id: string | null
  created: number
  currency: string
  customer: null
  customer_details: { email: string | null; name: string | null } | null
  customer_email: string | null
  expires_at: number
  livemode: false
  metadata: Record<string, string>
  mode: 'payment'
  payment_intent: string | null
  payment_method_types: string[]
  payment_status: 'paid' | 'unpaid'
  status: 'open' | 'complete' | 'expired'
  success_url: string
  ui_mode: 'hosted'
  url: string | null
}

interface LineItem {
  name: string
  quantity: number
  unit_amount: number
}

interface SessionRecord extends Record<string, unknown> {
  session: CheckoutSession
  lineItems: LineItem[]
  /** payment_intent_data: copied onto the PaymentIntent once the session is paid. */
  paymentIntentData: { metadata: Record<string, string>; description: string | null }
  /** Set while the 3-D Secure page waits for the buyer: the last four digits of the card. */
  challenge: string | null
}

interface PaymentIntentRecord extends Record<string, unknown> {
  paymentIntent: Record<string, unknown> & { id: string; amount: number; currency: string }
  charge: Record<string, unknown> & { id: string; amount_refunded: number }
}

interface IdempotencyRecord extends Record<string, unknown> {
  state: 'pending' | 'done' | 'void'
  fingerprint: string
  status?: number
  body?: string
}

type FormValue = string | FormValue[] | { [key: string]: FormValue }
type Params = { [key: string]: FormValue }

const DELIVERY_TIMEOUT_MS = 30_000
/** Stripe's limits for expires_at, with a minute's grace for clocks and the request's own travel. */
const MIN_EXPIRY_S = 30 * 60
const MAX_EXPIRY_S = 24 * 60 * 60
const GRACE_S = 60
const MAX_INDEX = 1000

export function stripeSandbox(deps: SandboxDeps): StripeSandbox {
  const { store } = deps
  const config = deps.payments.card
  const base = `${deps.publicUrl}/sandbox/stripe`
  const app = new Hono()
  const posts = deliveries({ ...deps, from: 'Stripe sandbox', timeoutMs: DELIVERY_TIMEOUT_MS })

  /** Sends a webhook event; the returned promise never rejects (a failed delivery is logged). */
  function notify(type: string, object: object) {
    const created = now()
    const event = {
      id: stripeId('evt_', 24),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    }
    // Stripe sends its events pretty-printed: a handler that verifies a re-serialised body fails here too.
    const payload = JSON.stringify(event, null, 2)
    const signature = createHmac('sha256', config.webhookSecret).update(`${created}.${payload}`).digest('hex')
    return posts.send({
      url: deps.webhookUrl('stripe'),
      body: payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': `t=${created},v1=${signature}`,
      },
      what: 'webhook',
      context: { type },
    })
  }

  /**
   * A session, expired first if its time is up (Stripe expires sessions on time; the sandbox when one is
   * next looked at). `wait` awaits the checkout.session.expired webhook: pages do, API answers do not (the
   * caller may hold locks its own webhook handler needs).
   */
  async function loadSession(id: string, wait = false): Promise<SessionRecord | null> {
    const record = await store.get<SessionRecord>('stripe', `session:${id}`)
    if (!record || !pastDue(record)) return record
    return (await expireSession(id, wait)) ?? record
  }

  async function expireSession(id: string, wait: boolean): Promise<SessionRecord | null> {
    const result = await store.update<SessionRecord>('stripe', `session:${id}`, (r) =>
      r.session.status === 'open'
        ? { ...r, challenge: null, session: { ...r.session, status: 'expired', url: null } }
        : null,
    )
    if (result?.changed) {
      const delivery = notify('checkout.session.expired', result.data.session)
      if (wait) await delivery
    }
    return result?.data ?? null
  }

  /** Marks an open session paid and makes its PaymentIntent; awaits checkout.session.completed. */
  async function pay(id: string, card: { last4: string; name: string }): Promise<SessionRecord | null> {
    const paymentIntent = stripeId('pi_', 24)
    const result = await store.update<SessionRecord>('stripe', `session:${id}`, (r) =>
      r.session.status === 'open' && !pastDue(r)
        ? {
            ...r,
            challenge: null,
            session: {
              ...r.session,
              status: 'complete',
              payment_status: 'paid',
              payment_intent: paymentIntent,
              url: null,
              customer_details: { email: r.session.customer_email, name: card.name || null },
            },
          }
        : null,
    )
    if (!result?.changed) return result?.data ?? null
    const { session } = result.data
    const created = now()
    const chargeId = stripeId('ch_', 24)
    const { metadata, description } = result.data.paymentIntentData
    const common = {
      amount: session.amount_total,
      currency: session.currency,
      created,
      livemode: false,
      metadata,
      description,
    }
    await store.put<PaymentIntentRecord>('stripe', 'payment_intent', `pi:${paymentIntent}`, {
      paymentIntent: {
        id: paymentIntent,
        object: 'payment_intent',
        ...common,
        amount_received: session.amount_total,
        latest_charge: chargeId,
        payment_method_types: ['card'],
        status: 'succeeded',
      },
      charge: {
        id: chargeId,
        object: 'charge',
        ...common,
        amount_captured: session.amount_total,
        amount_refunded: 0,
        captured: true,
        paid: true,
        payment_intent: paymentIntent,
        payment_method_details: { type: 'card', card: { brand: 'visa', last4: card.last4 } },
        refunded: false,
        status: 'succeeded',
      },
    })
    await notify('checkout.session.completed', session)
    return result.data
  }

  // --- The API: the secret key, then Idempotency-Key, for every /v1 request ---

  app.use('/v1/*', async (c, next) => {
    c.header('request-id', stripeId('req_', 14))
    const authorization = c.req.header('authorization') ?? ''
    const basic = /^Basic (\S+)$/i.exec(authorization)?.[1]
    const key =
      /^Bearer (\S+)$/i.exec(authorization)?.[1] ??
      (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined)
    if (!key)
      return stripeError(c, 401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      })
    if (key !== config.secretKey)
      return stripeError(c, 401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${maskKey(key)}`,
      })
    await next()
  })

  app.use('/v1/*', async (c, next) => {
    const key = c.req.header('idempotency-key')
    if (c.req.method !== 'POST' || !key) return next()
    const fingerprint = createHash('sha256')
      .update(`${c.req.path}\n${await c.req.text()}`)
      .digest('hex')
    const id = `idempotency:${key}`
    const earlier = await claimKey(id, fingerprint)
    if (earlier) {
      if (earlier.fingerprint !== fingerprint)
        return stripeError(c, 400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        })
      if (earlier.state === 'pending')
        return stripeError(c, 409, {
          type: 'idempotency_error',
          message:
            'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through). Please try again later.',
        })
      return new Response(earlier.body ?? '{}', {
        status: earlier.status ?? 200,
        headers: {
          'content-type': 'application/json',
          'idempotent-replayed': 'true',
          'idempotency-key': key,
        },
      })
    }
    await next()
    // Stripe keeps the result of a request that ran; a refused one (bad parameters) leaves the key free.
    const status = c.res.status
    const body = c.res.ok ? await c.res.clone().text() : null
    await store.update<IdempotencyRecord>('stripe', id, (r) =>
      body === null ? { ...r, state: 'void' } : { ...r, state: 'done', status, body },
    )
  })

  /** Takes an Idempotency-Key for this request; answers the earlier request's record when it is taken. */
  async function claimKey(id: string, fingerprint: string): Promise<IdempotencyRecord | null> {
    const fresh: IdempotencyRecord = { state: 'pending', fingerprint }
    try {
      await store.put<IdempotencyRecord>('stripe', 'idempotency', id, fresh)
      return null
    } catch (error) {
      const result = await store.update<IdempotencyRecord>('stripe', id, (r) =>
        r.state === 'void' ? fresh : null,
      )
      if (!result) throw error
      return result.changed ? null : result.data
    }
  }

  app.post('/v1/checkout/sessions', async (c) => {
    const p = parseForm(await c.req.text())
    if (p.mode === undefined) return missing(c, 'mode')
    if (p.mode !== 'payment')
      return invalid(c, 'mode', `The sandbox simulates mode=payment only, not ${String(p.mode)}.`)
    const successUrl = p.success_url
    if (successUrl === undefined) return missing(c, 'success_url')
    if (!isHttpUrl(successUrl)) return invalid(c, 'success_url', 'Not a valid URL', 'url_invalid')
    if (p.cancel_url !== undefined && !isHttpUrl(p.cancel_url))
      return invalid(c, 'cancel_url', 'Not a valid URL', 'url_invalid')
    if (
      p.customer_email !== undefined &&
      !(typeof p.customer_email === 'string' && /^[^@\s]+@[^@\s]+$/.test(p.customer_email))
    )
      return invalid(
        c,
        'customer_email',
        `Invalid email address: ${String(p.customer_email)}`,
        'email_invalid',
      )
    if (p.client_reference_id !== undefined && !isText(p.client_reference_id, 200))
      return invalid(c, 'client_reference_id', 'client_reference_id must be 1 to 200 characters.')

    const rawItems = p.line_items
    if (rawItems === undefined) return missing(c, 'line_items')
    if (!Array.isArray(rawItems) || rawItems.length === 0 || rawItems.length > 100)
      return invalid(c, 'line_items', 'line_items must be a list of 1 to 100 items.')
    const items: LineItem[] = []
    let currency: string | null = null
    for (const [i, raw] of rawItems.entries()) {
      const at = `line_items[${i}]`
      const item = isParams(raw) ? raw : {}
      if (typeof item.price === 'string')
        return stripeError(c, 400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: `${at}[price]`,
          message: `No such price: '${item.price}'. The sandbox has no prices: use ${at}[price_data].`,
        })
      const data = isParams(item.price_data) ? item.price_data : null
      if (!data) return missing(c, `${at}[price_data]`)
      const itemCurrency = data.currency
      if (itemCurrency === undefined) return missing(c, `${at}[price_data][currency]`)
      if (
        typeof itemCurrency !== 'string' ||
        !isCurrencyCode(itemCurrency.toUpperCase()) ||
        itemCurrency !== itemCurrency.toLowerCase()
      )
        return invalid(
          c,
          `${at}[price_data][currency]`,
          `Invalid currency: ${String(itemCurrency)}. Use a lowercase ISO code the sandbox knows (kes, usd…).`,
        )
      if (currency !== null && itemCurrency !== currency)
        return invalid(c, `${at}[price_data][currency]`, 'All line items must have the same currency.')
      currency = itemCurrency
      const unitAmount = integer(data.unit_amount)
      if (data.unit_amount === undefined) return missing(c, `${at}[price_data][unit_amount]`)
      if (unitAmount === null || unitAmount < 0)
        return invalidInteger(c, `${at}[price_data][unit_amount]`, data.unit_amount)
      const product = isParams(data.product_data) ? data.product_data : null
      if (!product || product.name === undefined) return missing(c, `${at}[price_data][product_data][name]`)
      if (!isText(product.name, 5000))
        return invalid(c, `${at}[price_data][product_data][name]`, 'The product name cannot be empty.')
      if (item.quantity === undefined) return missing(c, `${at}[quantity]`)
      const quantity = integer(item.quantity)
      if (quantity === null || quantity < 1) return invalidInteger(c, `${at}[quantity]`, item.quantity)
      items.push({ name: product.name, quantity, unit_amount: unitAmount })
    }
    const total = items.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0)
    if (total <= 0 || !Number.isSafeInteger(total))
      return invalid(
        c,
        'line_items',
        "The Checkout Session's total amount due must be greater than zero.",
        'amount_too_small',
      )

    const created = now()
    let expiresAt = created + MAX_EXPIRY_S
    if (p.expires_at !== undefined) {
      const value = integer(p.expires_at)
      if (value === null) return invalidInteger(c, 'expires_at', p.expires_at)
      if (value < created + MIN_EXPIRY_S - GRACE_S)
        return invalid(
          c,
          'expires_at',
          'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
        )
      if (value > created + MAX_EXPIRY_S + GRACE_S)
        return invalid(
          c,
          'expires_at',
          'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
        )
      expiresAt = value
    }
    const metadata = readMetadata(p.metadata)
    if (typeof metadata === 'string') return invalid(c, 'metadata', metadata)
    const intentData = isParams(p.payment_intent_data) ? p.payment_intent_data : {}
    const intentMetadata = readMetadata(intentData.metadata)
    if (typeof intentMetadata === 'string') return invalid(c, 'payment_intent_data[metadata]', intentMetadata)

    const id = stripeId('cs_test_a1', 56)
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: typeof p.cancel_url === 'string' ? p.cancel_url : null,
      client_reference_id: typeof p.client_reference_id === 'string' ? p.client_reference_id : null,
      created,
      currency: currency ?? 'usd',
      customer: null,
      customer_details: null,
      customer_email: typeof p.customer_email === 'string' ? p.customer_email : null,
      expires_at: expiresAt,
      livemode: false,
      metadata,
      mode: 'payment',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      ui_mode: 'hosted',
      url: `${base}/pay/${id}`,
    }
    await store.put<SessionRecord>('stripe', 'checkout.session', `session:${id}`, {
      session,
      lineItems: items,
      paymentIntentData: {
        metadata: intentMetadata,
        description: typeof intentData.description === 'string' ? intentData.description : null,
      },
      challenge: null,
    })
    return c.json(session)
  })

  app.get('/v1/checkout/sessions/:id', async (c) => {
    const record = await loadSession(c.req.param('id'))
    return record ? c.json(record.session) : noSuch(c, 'checkout.session', c.req.param('id'))
  })

  app.post('/v1/checkout/sessions/:id/expire', async (c) => {
    const id = c.req.param('id')
    const record = await loadSession(id)
    if (!record) return noSuch(c, 'checkout.session', id)
    // Another request may complete or expire it meanwhile: the answer is about what was stored last.
    const after = record.session.status === 'open' ? ((await expireSession(id, false)) ?? record) : record
    if (record.session.status === 'open' && after.session.status === 'expired') return c.json(after.session)
    return stripeError(c, 400, {
      type: 'invalid_request_error',
      message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${after.session.status}".`,
    })
  })

  app.get('/v1/payment_intents/:id', async (c) => {
    const record = await store.get<PaymentIntentRecord>('stripe', `pi:${c.req.param('id')}`)
    return record ? c.json(record.paymentIntent) : noSuch(c, 'payment_intent', c.req.param('id'))
  })

  app.post('/v1/refunds', async (c) => {
    const p = parseForm(await c.req.text())
    const intentId = p.payment_intent
    if (intentId === undefined) return missing(c, 'payment_intent')
    const current =
      typeof intentId === 'string' ? await store.get<PaymentIntentRecord>('stripe', `pi:${intentId}`) : null
    if (!current)
      return stripeError(c, 400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_intent',
        message: `No such payment_intent: '${String(intentId)}'`,
      })
    const asked = p.amount === undefined ? null : integer(p.amount)
    if (p.amount !== undefined && (asked === null || asked < 1)) return invalidInteger(c, 'amount', p.amount)
    const reasons = ['duplicate', 'fraudulent', 'requested_by_customer']
    if (p.reason !== undefined && !reasons.includes(String(p.reason)))
      return invalid(c, 'reason', `Invalid reason: must be one of ${reasons.join(', ')}`)
    const metadata = readMetadata(p.metadata)
    if (typeof metadata === 'string') return invalid(c, 'metadata', metadata)

    const total = current.paymentIntent.amount
    let amount = 0
    const result = await store.update<PaymentIntentRecord>('stripe', `pi:${intentId}`, (r) => {
      const left = total - r.charge.amount_refunded
      amount = asked ?? left
      if (left <= 0 || amount > left) return null
      const refunded = r.charge.amount_refunded + amount
      return { ...r, charge: { ...r.charge, amount_refunded: refunded, refunded: refunded === total } }
    })
    if (!result) return noSuch(c, 'payment_intent', String(intentId))
    const { charge, paymentIntent } = result.data
    const currency = paymentIntent.currency.toUpperCase() as CurrencyCode
    if (!result.changed)
      return charge.amount_refunded >= total
        ? stripeError(c, 400, {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge ${charge.id} has already been refunded.`,
          })
        : stripeError(c, 400, {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            param: 'amount',
            message: `Refund amount (${displayAmount(amount, currency)}) is greater than unrefunded amount on charge (${displayAmount(total - charge.amount_refunded, currency)})`,
          })
    const refund = {
      id: stripeId('re_', 24),
      object: 'refund',
      amount,
      charge: charge.id,
      created: now(),
      currency: paymentIntent.currency,
      metadata,
      payment_intent: paymentIntent.id,
      reason: typeof p.reason === 'string' ? p.reason : null,
      status: 'succeeded',
    }
    await store.put('stripe', 'refund', `refund:${refund.id}`, { refund })
    void notify('charge.refunded', charge)
    return c.json(refund)
  })

  app.get('/v1/refunds/:id', async (c) => {
    const record = await store.get<{ refund: object }>('stripe', `refund:${c.req.param('id')}`)
    return record ? c.json(record.refund) : noSuch(c, 'refund', c.req.param('id'))
  })

  app.all('/v1/*', (c) =>
    stripeError(c, 404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${c.req.method}: ${c.req.path.replace(/^.*?\/v1\//, '/v1/')}). The sandbox answers Checkout sessions, payment intents and refunds only.`,
    }),
  )

  // --- The hosted card page ---

  app.get('/pay/:id', async (c) => {
    const record = await loadSession(c.req.param('id'), true)
    if (!record) return page(c, notFoundPage(), 404)
    return record.session.status === 'open' ? page(c, cardPage(record)) : page(c, closedPage(record))
  })

  app.post('/pay/:id', async (c) => {
    const id = c.req.param('id')
    const record = await loadSession(id, true)
    if (!record) return page(c, notFoundPage(), 404)
    if (record.session.status !== 'open') return page(c, closedPage(record))
    const form = await c.req.parseBody()
    const field = (name: string) => {
      const value = form[name]
      return typeof value === 'string' ? value.trim() : ''
    }
    const paid = async (last4: string) => {
      const done = await pay(id, { last4, name: field('name') })
      if (done?.session.status !== 'complete') return page(c, closedPage(done ?? record))
      return c.redirect(
        done.session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', () => id),
        303,
      )
    }

    if (field('step') === '3ds') {
      if (!record.challenge) return page(c, cardPage(record))
      if (field('action') === 'complete') return paid(record.challenge)
      await store.update<SessionRecord>('stripe', `session:${id}`, (r) => ({ ...r, challenge: null }))
      return page(c, cardPage(record, { error: AUTHENTICATION_FAILED }))
    }

    const entered = {
      number: field('number'),
      expiry: field('expiry'),
      cvc: field('cvc'),
      name: field('name'),
    }
    const number = entered.number.replace(/[\s-]/g, '')
    const problem = !/^\d{12,19}$/.test(number)
      ? INCORRECT_NUMBER
      : (expiryProblem(entered.expiry) ??
        (/^\d{3,4}$/.test(entered.cvc) ? null : "Your card's security code is incomplete."))
    if (problem) return page(c, cardPage(record, { error: problem, entered }))
    switch (number) {
      case STRIPE_TEST_CARDS.succeeds:
        return paid(number.slice(-4))
      case STRIPE_TEST_CARDS.declined:
        return page(c, cardPage(record, { error: DECLINED, entered }))
      case STRIPE_TEST_CARDS.threeDSecure: {
        const result = await store.update<SessionRecord>('stripe', `session:${id}`, (r) =>
          r.session.status === 'open' ? { ...r, challenge: number.slice(-4) } : null,
        )
        if (!result?.changed) return page(c, closedPage(result?.data ?? record))
        return page(c, challengePage(result.data))
      }
      default:
        return page(c, cardPage(record, { error: INCORRECT_NUMBER, entered }))
    }
  })

  return Object.assign(app, { idle: posts.idle })
}

const pastDue = (record: SessionRecord) =>
  record.session.status === 'open' && record.session.expires_at * 1000 <= clock.ms()

// --- Stripe's answers ---

interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error'
  message: string
  code?: string
  param?: string
}

function stripeError(c: Context, status: ContentfulStatusCode, error: StripeErrorBody) {
  const doc = error.code
    ? { doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}` }
    : {}
  return c.json({ error: { ...error, ...doc } }, status)
}

const missing = (c: Context, param: string) =>
  stripeError(c, 400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  })

const invalid = (c: Context, param: string, message: string, code = 'parameter_invalid') =>
  stripeError(c, 400, { type: 'invalid_request_error', code, param, message })

const invalidInteger = (c: Context, param: string, value: FormValue | undefined) =>
  invalid(
    c,
    param,
    `Invalid integer: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
    'parameter_invalid_integer',
  )

const noSuch = (c: Context, kind: string, id: string) =>
  stripeError(c, 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such ${kind}: '${id}'`,
  })

/** "sk_test_soko_sandbox" → "sk_test_************dbox": enough to tell keys apart, never the key. */
function maskKey(key: string): string {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? ''
  const rest = key.slice(prefix.length)
  return `${prefix}${'*'.repeat(Math.max(rest.length - 4, 4))}${rest.length > 8 ? rest.slice(-4) : ''}`
}

// --- Form bodies as the SDK sends them ---

/**
 * `line_items[0][price_data][unit_amount]=500&metadata[orderId]=…&expand[]=x` into nested objects and
 * arrays, as Stripe reads them.
 */
export function parseForm(text: string): Params {
  const root: Params = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const [head = '', ...rest] = key.split('[')
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ''))]
    if (path.some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype')) continue
    let node: Params | FormValue[] = root
    for (const [i, part] of path.entries()) {
      const last = i === path.length - 1
      const slot: string | number = Array.isArray(node) ? (part === '' ? node.length : Number(part)) : part
      // Indices past any list Stripe takes are dropped: `a[99999999]` must not make a huge sparse array.
      if (typeof slot === 'number' && !(Number.isInteger(slot) && slot <= MAX_INDEX)) break
      const container = node as Record<string | number, FormValue | undefined>
      if (last) {
        container[slot] = value
        break
      }
      const wantsArray = /^\d*$/.test(path[i + 1] ?? '')
      const existing: FormValue | undefined = container[slot]
      const next: Params | FormValue[] =
        typeof existing === 'object' && existing !== null ? existing : wantsArray ? [] : {}
      container[slot] = next
      node = next
    }
  }
  return root
}

function isParams(value: FormValue | undefined): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function integer(value: FormValue | undefined): number | null {
  return typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : null
}

function isText(value: FormValue | undefined, max: number): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= max
}

/** Stripe's metadata: up to 50 string values, keys up to 40 characters, values up to 500. */
function readMetadata(value: FormValue | undefined): Record<string, string> | string {
  if (value === undefined || value === '') return {}
  if (!isParams(value)) return 'Invalid hash: metadata must be a set of keys and values.'
  const entries = Object.entries(value)
  if (entries.length > 50) return 'Metadata can have up to 50 keys.'
  const out: Record<string, string> = {}
  for (const [key, v] of entries) {
    if (typeof v !== 'string') return `Metadata values must be strings (${key}).`
    if (key.length > 40) return `Metadata keys can be up to 40 characters long (${key}).`
    if (v.length > 500) return `Metadata values can be up to 500 characters long (${key}).`
    out[key] = v
  }
  return out
}

function isHttpUrl(value: FormValue | undefined): value is string {
  if (typeof value !== 'string') return false
  try {
    return ['http:', 'https:'].includes(new URL(value.replaceAll('{CHECKOUT_SESSION_ID}', 'x')).protocol)
  } catch {
    return false
  }
}

function expiryProblem(expiry: string): string | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(expiry)
  const month = Number(match?.[1])
  if (!match || month < 1 || month > 12) return "Your card's expiration date is incomplete."
  const year = 2000 + Number(match[2])
  const today = clock.now()
  if (year < today.getFullYear()) return "Your card's expiration year is in the past."
  if (year === today.getFullYear() && month < today.getMonth() + 1)
    return "Your card's expiration date is in the past."
  return null
}

// --- Pages ---

function amountOf(session: CheckoutSession): string {
  const currency = session.currency.toUpperCase()
  return isCurrencyCode(currency)
    ? displayAmount(session.amount_total, currency)
    : `${session.amount_total} ${currency}`
}

function cardPage(
  record: SessionRecord,
  opts: { error?: string; entered?: { number: string; expiry: string; cvc: string; name: string } } = {},
): SandboxPage {
  const { session } = record
  const amount = amountOf(session)
  const entered = opts.entered ?? {
    number: '',
    expiry: `12/${String((clock.now().getFullYear() + 3) % 100).padStart(2, '0')}`,
    cvc: '123',
    name: 'Sandbox Buyer',
  }
  const input = (id: keyof typeof entered, label: string, extra: string) =>
    `<label for="${id}">${label}</label><input id="${id}" name="${id}" value="${escapeHtml(entered[id])}" ${extra}>`
  return layout(
    `Pay ${amount} (sandbox)`,
    `${summary(record)}
    ${opts.error ? `<p role="alert">${escapeHtml(opts.error)}</p>` : ''}
    <form method="post" novalidate>
      <input type="hidden" name="step" value="card">
      ${input('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required')}
      <div class="row">
        <div>${input('expiry', 'Expiry (MM/YY)', 'autocomplete="cc-exp" placeholder="MM/YY" required')}</div>
        <div>${input('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" required')}</div>
      </div>
      ${input('name', 'Name on card', 'autocomplete="cc-name"')}
      <button class="primary">Pay ${escapeHtml(amount)}</button>
    </form>
    <aside>
      <h2>Test cards</h2>
      <ul>
        <li><code>4242 4242 4242 4242</code> pays</li>
        <li><code>4000 0000 0000 0002</code> is declined</li>
        <li><code>4000 0027 6000 3184</code> asks for 3-D Secure</li>
      </ul>
      <p>Any future expiry date, any three digits for the CVC.</p>
    </aside>
    ${backLink(session)}`,
    session,
  )
}

function challengePage(record: SessionRecord): SandboxPage {
  return layout(
    'Authenticate this payment',
    `<p>Your bank asks you to confirm the payment of <strong>${escapeHtml(amountOf(record.session))}</strong>
    with the card ending in ${escapeHtml(record.challenge ?? '')}. This is a 3-D Secure test page: nothing is sent
    to a bank.</p>
    <form method="post">
      <input type="hidden" name="step" value="3ds">
      <button name="action" value="complete" class="primary">Complete authentication</button>
      <button name="action" value="fail">Fail authentication</button>
    </form>`,
    record.session,
  )
}

function closedPage(record: SessionRecord): SandboxPage {
  const { session } = record
  if (session.status === 'complete')
    return layout(
      'This payment is complete',
      `${summary(record)}<p>The card has been charged: there is nothing more to do here.</p>
      <p><a href="${escapeHtml(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', () => session.id))}">Return to Soko</a></p>`,
    )
  return layout(
    'This payment page has expired',
    `${summary(record)}<p>Nothing was charged. Go back to Soko and start the payment again.</p>${backLink(session)}`,
  )
}

function notFoundPage(): SandboxPage {
  return layout(
    'This payment page does not exist',
    '<p>The link may be incomplete. Go back to Soko and start the payment again.</p>',
  )
}

function summary(record: SessionRecord): string {
  const items = record.lineItems
    .map((item) => `<li>${escapeHtml(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</li>`)
    .join('')
  const email = record.session.customer_email
  return `<ul class="items">${items}</ul>${email ? `<p class="email">${escapeHtml(email)}</p>` : ''}`
}

function backLink(session: CheckoutSession): string {
  return session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">← Back to Soko</a></p>` : ''
}

/** A card page; one with a form names where paying or cancelling may redirect to (`session`'s links). */
function layout(title: string, body: string, session?: CheckoutSession): SandboxPage {
  return sandboxPage({
    title,
    css: CARD_CSS,
    body,
    returnTo: session ? [session.success_url, session.cancel_url] : [],
  })
}

const CARD_CSS = `
  body { color: #1a1f36; background: #f6f9fc; }
  main { margin: 1rem .75rem; padding: 1.25rem; background: #fff; border-radius: .5rem; box-shadow: 0 1px 4px #0002; }
  @media (min-width: 30rem) { main { margin: 2rem auto; padding: 1.5rem; } }
  h1 { margin-top: 0; } h2 { font-size: 1rem; margin-bottom: .25rem; }
  .items { padding-left: 1.25rem; } .email { color: #697386; }
  form { display: grid; gap: .5rem; margin: 1rem 0; }
  label { font-size: .9rem; color: #3c4257; }
  input { font: inherit; padding: .6rem .75rem; border: 1px solid #cfd7df; border-radius: .375rem; }
  .row { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: .75rem; } .row > div { display: grid; gap: .5rem; }
  button { font: inherit; padding: .75rem 1rem; border-radius: .375rem; border: 1px solid #635bff; background: #fff; color: #635bff; cursor: pointer; }
  button.primary { background: #635bff; color: #fff; margin-top: .5rem; }
  [role=alert] { padding: .75rem; border-radius: .375rem; background: #fdecea; color: #8a1c12; }
  aside { font-size: .9rem; color: #3c4257; border-top: 1px solid #e3e8ee; }`

// --- Small helpers ---

const now = () => Math.floor(clock.ms() / 1000)

/** Stripe-like ids: a prefix, then letters and digits. */
function stripeId(prefix: string, length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return prefix + Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('')
}
