import type { Context } from 'hono'
import { clock } from '../../../lib/clock'
import {
  announceSale,
  loadSubscription,
  newSale,
  type SubscriptionRecord,
  subscriptionView,
  transactionView,
  type Unit,
} from './billing'
import { amountOf, toValue } from './money'
import {
  claim,
  invalid,
  isHttpUrl,
  malformedJson,
  notFound,
  type PaypalContext,
  paypalId,
  readAmount,
  readJson,
  unprocessable,
} from './rest'

/**
 * PayPal's Subscriptions v1 and the catalog products its plans sell: a product, a plan (one regular cycle
 * at a fixed price, every so many days, weeks or months, or a year, after a free trial of some days if it
 * has one), a subscription the payer approves on
 * the approval page (subscription-page.ts), reading it and its transactions, suspending, reactivating and
 * cancelling it, and capturing its outstanding balance. Creating with the same PayPal-Request-Id answers
 * what the first request made.
 */

interface ProductRecord extends Record<string, unknown> {
  product: { id: string; name: string; type: string; create_time: string }
}

interface PlanRecord extends Record<string, unknown> {
  id: string
  productId: string
  name: string
  status: 'ACTIVE' | 'INACTIVE'
  unit: Unit
  count: number
  currency: string
  price: number
  /** A free trial of this many days before the regular cycles; null without one. */
  trialDays?: number | null
  view: Record<string, unknown>
}

type Status = SubscriptionRecord['status']
const STATE_CHANGES: readonly [string, readonly Status[], Status, string][] = [
  ['cancel', ['ACTIVE', 'SUSPENDED'], 'CANCELLED', 'BILLING.SUBSCRIPTION.CANCELLED'],
  ['suspend', ['ACTIVE'], 'SUSPENDED', 'BILLING.SUBSCRIPTION.SUSPENDED'],
  ['activate', ['SUSPENDED'], 'ACTIVE', 'BILLING.SUBSCRIPTION.ACTIVATED'],
]

const UNITS: readonly Unit[] = ['DAY', 'WEEK', 'MONTH', 'YEAR']
const MAX_COUNT: Record<Unit, number> = { DAY: 365, WEEK: 52, MONTH: 12, YEAR: 1 }

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : null

/**
 * A plan's free trial cycle, as PayPal takes one: `tenure_type` TRIAL, sequence 1, one cycle, no
 * `pricing_scheme` (free). The sandbox's trials are counted in days. Its length, or the refusal.
 */
function readTrial(c: Context, raw: Record<string, unknown> | undefined): { days: number } | Response {
  const cycle = (raw ?? {}) as {
    tenure_type?: unknown
    sequence?: unknown
    total_cycles?: unknown
    frequency?: { interval_unit?: unknown; interval_count?: unknown }
    pricing_scheme?: unknown
  }
  const days = cycle.frequency?.interval_count ?? 1
  if (
    cycle.tenure_type !== 'TRIAL' ||
    cycle.sequence !== 1 ||
    (cycle.total_cycles ?? 1) !== 1 ||
    cycle.frequency?.interval_unit !== 'DAY' ||
    !Number.isInteger(days) ||
    (days as number) < 1 ||
    (days as number) > MAX_COUNT.DAY
  )
    return invalid(
      c,
      '/billing_cycles/0',
      'INVALID_PARAMETER_VALUE',
      'The sandbox takes a TRIAL cycle of sequence 1, one cycle of 1 to 365 days.',
    )
  if (cycle.pricing_scheme !== undefined)
    return invalid(
      c,
      '/billing_cycles/0/pricing_scheme',
      'INVALID_PARAMETER_VALUE',
      'The sandbox takes free trials only: leave out pricing_scheme.',
    )
  return { days: days as number }
}

/** What an earlier request with this PayPal-Request-Id made, when both exist. */
async function replayed<T extends Record<string, unknown>>(ctx: PaypalContext, key: string) {
  const known = await ctx.store.get<{ id: string }>('paypal', key)
  return known ? ctx.store.get<T>('paypal', known.id) : null
}

export function mountSubscriptions(ctx: PaypalContext): void {
  const { app, store, base, notify } = ctx

  app.post('/v1/catalogs/products', async (c) => {
    const requestId = c.req.header('paypal-request-id')
    const again = requestId && (await replayed<ProductRecord>(ctx, `request:product:${requestId}`))
    if (again) return c.json(again.product, 200)
    const body = await readJson(c)
    if (!body) return malformedJson(c)
    const name = text(body.name, 127)
    if (!name) return invalid(c, '/name', 'INVALID_STRING_LENGTH', 'The name must be 1 to 127 characters.')
    const type = body.type ?? 'PHYSICAL'
    if (type !== 'PHYSICAL' && type !== 'DIGITAL' && type !== 'SERVICE')
      return invalid(c, '/type', 'INVALID_PARAMETER_VALUE', 'The type must be PHYSICAL, DIGITAL or SERVICE.')
    const product = { id: `PROD-${paypalId(17)}`, name, type, create_time: clock.now().toISOString() }
    await store.put<ProductRecord>('paypal', 'product', `product:${product.id}`, { product })
    if (requestId) await claim(store, `request:product:${requestId}`, `product:${product.id}`)
    return c.json(product, 201)
  })

  app.post('/v1/billing/plans', async (c) => {
    const requestId = c.req.header('paypal-request-id')
    const again = requestId && (await replayed<PlanRecord>(ctx, `request:plan:${requestId}`))
    if (again) return c.json(again.view, 200)
    const body = await readJson(c)
    if (!body) return malformedJson(c)
    const productId = text(body.product_id, 50)
    if (!productId || !(await store.get('paypal', `product:${productId}`)))
      return invalid(c, '/product_id', 'INVALID_PARAMETER_VALUE', 'The product does not exist.')
    const name = text(body.name, 127)
    if (!name) return invalid(c, '/name', 'INVALID_STRING_LENGTH', 'The name must be 1 to 127 characters.')
    const cycles = Array.isArray(body.billing_cycles)
      ? (body.billing_cycles as Record<string, unknown>[])
      : []
    const trial = cycles.length === 2 ? readTrial(c, cycles[0]) : null
    if (trial instanceof Response) return trial
    const regularAt = cycles.length - 1
    if (
      (cycles.length !== 1 && cycles.length !== 2) ||
      cycles[regularAt]?.tenure_type !== 'REGULAR' ||
      (trial && cycles[regularAt]?.sequence !== 2)
    )
      return invalid(
        c,
        '/billing_cycles',
        'INVALID_PARAMETER_VALUE',
        'The sandbox takes one REGULAR billing cycle, after at most one free TRIAL cycle (sequence 1, then 2).',
      )
    const cycle = cycles[regularAt] as {
      frequency?: { interval_unit?: unknown; interval_count?: unknown }
      pricing_scheme?: { fixed_price?: unknown }
      total_cycles?: unknown
    }
    const unit = cycle.frequency?.interval_unit as Unit
    const count = cycle.frequency?.interval_count ?? 1
    if (
      !UNITS.includes(unit) ||
      !Number.isInteger(count) ||
      (count as number) < 1 ||
      (count as number) > MAX_COUNT[unit]
    )
      return invalid(
        c,
        `/billing_cycles/${regularAt}/frequency`,
        'INVALID_PARAMETER_VALUE',
        'The frequency must be 1 to 365 days, 52 weeks, 12 months or 1 year.',
      )
    if ((cycle.total_cycles ?? 0) !== 0)
      return invalid(
        c,
        `/billing_cycles/${regularAt}/total_cycles`,
        'INVALID_PARAMETER_VALUE',
        'The sandbox bills until cancelled: total_cycles 0.',
      )
    const price = readAmount(
      cycle.pricing_scheme?.fixed_price,
      `/billing_cycles/${regularAt}/pricing_scheme/fixed_price`,
    )
    if ('issue' in price) return price.answer(c)
    if (price.minor <= 0) return unprocessable(c, 'CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.')
    const id = `P-${paypalId(24)}`
    const now = clock.now().toISOString()
    const view = {
      id,
      product_id: productId,
      name,
      status: 'ACTIVE',
      billing_cycles: [
        ...(trial
          ? [
              {
                frequency: { interval_unit: 'DAY', interval_count: trial.days },
                tenure_type: 'TRIAL',
                sequence: 1,
                total_cycles: 1,
              },
            ]
          : []),
        {
          frequency: { interval_unit: unit, interval_count: count },
          tenure_type: 'REGULAR',
          sequence: trial ? 2 : 1,
          total_cycles: 0,
          pricing_scheme: { fixed_price: amountOf(price.minor, price.currency), version: 1 },
        },
      ],
      payment_preferences: body.payment_preferences ?? {},
      create_time: now,
      update_time: now,
      links: [{ href: `${base}/v1/billing/plans/${id}`, rel: 'self', method: 'GET' }],
    }
    await store.put<PlanRecord>('paypal', 'plan', `plan:${id}`, {
      id,
      productId,
      name,
      status: 'ACTIVE',
      unit,
      count: count as number,
      currency: price.currency,
      price: price.minor,
      trialDays: trial?.days ?? null,
      view,
    })
    if (requestId) await claim(store, `request:plan:${requestId}`, `plan:${id}`)
    return c.json(view, 201)
  })

  app.get('/v1/billing/plans/:id', async (c) => {
    const plan = await store.get<PlanRecord>('paypal', `plan:${c.req.param('id')}`)
    return plan ? c.json(plan.view) : notFound(c)
  })

  app.post('/v1/billing/subscriptions', async (c) => {
    const requestId = c.req.header('paypal-request-id')
    const again = requestId && (await replayed<SubscriptionRecord>(ctx, `request:subscription:${requestId}`))
    if (again) return c.json(subscriptionView(base, again), 200)
    const body = await readJson(c)
    if (!body) return malformedJson(c)
    const plan = await store.get<PlanRecord>('paypal', `plan:${String(body.plan_id ?? '')}`)
    if (!plan) return invalid(c, '/plan_id', 'INVALID_PARAMETER_VALUE', 'The plan does not exist.')
    if (plan.status !== 'ACTIVE')
      return unprocessable(c, 'PLAN_STATUS_INVALID', 'The plan is not active.', '/plan_id')
    if (body.custom_id !== undefined && !text(body.custom_id, 127))
      return invalid(c, '/custom_id', 'INVALID_STRING_LENGTH', 'custom_id must be 1 to 127 characters.')
    const context = (body.application_context ?? {}) as Record<string, unknown>
    const urls: Record<string, string | null> = {}
    for (const field of ['return_url', 'cancel_url'] as const) {
      const value = context[field]
      if (value !== undefined && !isHttpUrl(value))
        return invalid(
          c,
          `/application_context/${field}`,
          'INVALID_PARAMETER_SYNTAX',
          'The value of a field does not conform to the expected format.',
        )
      urls[field] = typeof value === 'string' ? value : null
    }
    const product = await store.get<ProductRecord>('paypal', `product:${plan.productId}`)
    const id = `I-${paypalId(12)}`
    const now = clock.now().toISOString()
    const record: SubscriptionRecord = {
      id,
      planId: plan.id,
      productName: product?.product.name ?? plan.name,
      status: 'APPROVAL_PENDING',
      customId: typeof body.custom_id === 'string' ? body.custom_id : null,
      currency: plan.currency,
      price: plan.price,
      unit: plan.unit,
      count: plan.count,
      trialDays: plan.trialDays ?? null,
      regularStart: null,
      returnUrl: urls.return_url ?? null,
      cancelUrl: urls.cancel_url ?? null,
      token: `BA-${paypalId(17)}`,
      declineRenewals: false,
      startTime: null,
      nextBilling: null,
      cyclesCompleted: 0,
      failedPayments: 0,
      lastFailed: null,
      outstanding: 0,
      sales: [],
      createTime: now,
      updateTime: now,
      statusTime: now,
    }
    await store.put<SubscriptionRecord>('paypal', 'subscription', `subscription:${id}`, record)
    await claim(store, `approval:${record.token}`, `subscription:${id}`)
    if (requestId && !(await claim(store, `request:subscription:${requestId}`, `subscription:${id}`))) {
      const first = await replayed<SubscriptionRecord>(ctx, `request:subscription:${requestId}`)
      if (first) return c.json(subscriptionView(base, first), 200)
    }
    void notify(
      'BILLING.SUBSCRIPTION.CREATED',
      'subscription',
      subscriptionView(base, record),
      'Subscription created',
    )
    return c.json(subscriptionView(base, record), 201)
  })

  app.get('/v1/billing/subscriptions/:id', async (c) => {
    const record = await loadSubscription(store, c.req.param('id'))
    return record ? c.json(subscriptionView(base, record)) : notFound(c)
  })

  app.get('/v1/billing/subscriptions/:id/transactions', async (c) => {
    const record = await loadSubscription(store, c.req.param('id'))
    if (!record) return notFound(c)
    const range = ['start_time', 'end_time'].map((name) => Date.parse(c.req.query(name) ?? ''))
    const [from, to] = range as [number, number]
    if (range.some(Number.isNaN))
      return invalid(c, 'start_time', 'MISSING_REQUIRED_PARAMETER', 'start_time and end_time are required.')
    const transactions = record.sales
      .filter((s) => Date.parse(s.time) >= from && Date.parse(s.time) <= to)
      .map((s) =>
        transactionView(
          record,
          s,
          s.refunded === 0 ? 'COMPLETED' : s.refunded < s.minor ? 'PARTIALLY_REFUNDED' : 'REFUNDED',
        ),
      )
    return c.json({ transactions, total_items: transactions.length, total_pages: 1, links: [] })
  })

  // Cancel (from active or suspended), suspend (an active one) and activate (a suspended one). Reactivated
  // after its billing day passed, it bills at once (on the next billing run).
  for (const [action, from, to, event] of STATE_CHANGES)
    app.post(`/v1/billing/subscriptions/:id/${action}`, async (c) => {
      const body = await readJson(c)
      if (!body) return malformedJson(c)
      if (!text(body.reason, 128))
        return invalid(c, '/reason', 'INVALID_STRING_LENGTH', 'The reason must be 1 to 128 characters.')
      const id = c.req.param('id')
      const now = clock.now().toISOString()
      const result = await store.update<SubscriptionRecord>('paypal', `subscription:${id}`, (r) =>
        from.includes(r.status)
          ? {
              ...r,
              status: to,
              statusTime: now,
              updateTime: now,
              ...(to === 'ACTIVE' && r.nextBilling && r.nextBilling < now ? { nextBilling: now } : {}),
            }
          : null,
      )
      if (!result) return notFound(c)
      if (!result.changed)
        return unprocessable(
          c,
          'SUBSCRIPTION_STATUS_INVALID',
          `Invalid subscription status for ${action} action; subscription status should be ${from.join(' or ').toLowerCase()} (it is ${result.data.status}).`,
        )
      void notify(
        event,
        'subscription',
        subscriptionView(base, result.data),
        `Subscription ${to.toLowerCase()}`,
      )
      return c.body(null, 204)
    })

  app.post('/v1/billing/subscriptions/:id/capture', async (c) => captureOutstanding(ctx, c))
}

/** Captures what a subscription owes: a sale, or DECLINED for the payer whose renewals are declined. */
async function captureOutstanding(ctx: PaypalContext, c: Context) {
  const { store } = ctx
  const id = c.req.param('id') ?? ''
  const requestId = c.req.header('paypal-request-id')
  if (requestId) {
    const known = await store.get<{ id: string; answer: Record<string, unknown> }>(
      'paypal',
      `request:capture:${requestId}`,
    )
    if (known) return c.json(known.answer, 202)
  }
  const body = await readJson(c)
  if (!body) return malformedJson(c)
  if (body.capture_type !== 'OUTSTANDING_BALANCE')
    return invalid(c, '/capture_type', 'INVALID_PARAMETER_VALUE', 'capture_type must be OUTSTANDING_BALANCE.')
  if (!text(body.note, 128))
    return invalid(c, '/note', 'INVALID_STRING_LENGTH', 'The note must be 1 to 128 characters.')
  const current = await loadSubscription(store, id)
  if (!current) return notFound(c)
  const amount = readAmount(body.amount, '/amount')
  if ('issue' in amount) return amount.answer(c)
  if (amount.currency !== current.currency)
    return unprocessable(
      c,
      'CURRENCY_MISMATCH',
      `The amount must be in ${current.currency}.`,
      '/amount/currency_code',
    )
  const now = clock.now()
  const seen: { problem: 'status' | 'balance' | null } = { problem: null }
  const result = await store.update<SubscriptionRecord>('paypal', `subscription:${id}`, (r) => {
    seen.problem =
      r.status !== 'ACTIVE' && r.status !== 'SUSPENDED'
        ? 'status'
        : amount.minor <= 0 || amount.minor > r.outstanding
          ? 'balance'
          : null
    if (seen.problem || r.declineRenewals) return null
    return {
      ...r,
      outstanding: r.outstanding - amount.minor,
      sales: [...r.sales, newSale(amount.minor, now)],
      updateTime: now.toISOString(),
    }
  })
  if (!result) return notFound(c)
  if (seen.problem === 'status')
    return unprocessable(c, 'SUBSCRIPTION_STATUS_INVALID', `The subscription is ${result.data.status}.`)
  if (seen.problem === 'balance')
    return unprocessable(
      c,
      'INVALID_AMOUNT',
      `The amount must be more than zero and at most the outstanding balance (${toValue(result.data.outstanding, result.data.currency)}).`,
      '/amount/value',
    )
  const r = result.data
  const sale = result.changed ? r.sales.at(-1) : undefined
  const answer = sale ? transactionView(r, sale) : transactionView(r, newSale(amount.minor, now), 'DECLINED')
  if (requestId) await store.put('paypal', 'request', `request:capture:${requestId}`, { id, answer })
  // Not awaited: PayPal's answer does not wait for its webhook.
  if (sale) void announceSale(ctx, r, sale)
  return c.json(answer, 202)
}
