import { clock } from '../../../lib/clock'
import type { SandboxStore } from '../store'
import {
  type Amount,
  claim,
  invalid,
  isHttpUrl,
  type Link,
  malformedJson,
  notFound,
  type PaypalContext,
  paypalId,
  readAmount,
  readJson,
  unprocessable,
} from './rest'

/**
 * PayPal's Orders v2: creating an order (the same PayPal-Request-Id answers with the same order) and
 * reading it. The buyer approves it on the approval page (approval.ts); its capture is in captures.ts.
 */

export interface Capture {
  id: string
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED'
  amount: Amount
  final_capture: boolean
  seller_receivable_breakdown: { gross_amount: Amount; paypal_fee: Amount; net_amount: Amount }
  custom_id?: string
  seller_protection: { status: string; dispute_categories: string[] }
  create_time: string
  update_time: string
  links: Link[]
}

export interface PurchaseUnit {
  reference_id: string
  amount: Amount
  payee: { email_address: string; merchant_id: string }
  description?: string
  custom_id?: string
  payments?: { captures: Capture[] }
}

export interface Order {
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

export interface OrderRecord extends Record<string, unknown> {
  order: Order
  returnUrl: string | null
  cancelUrl: string | null
  /** The buyer chose the funding source that is declined: capturing answers INSTRUMENT_DECLINED. */
  decline: boolean
  /** The PayPal-Request-Id of the capture that completed the order: the same id again replays it. */
  captureRequestId: string | null
}

const MERCHANT = { email_address: 'merchant@sandbox.soko.test', merchant_id: 'SOKOMERCHANT1' }

/** The order `id` names, if there is one. */
export const loadOrder = (store: SandboxStore, id: string | undefined) =>
  id ? store.get<OrderRecord>('paypal', `order:${id}`) : Promise.resolve(null)

export function mountOrders({ app, store, base }: PaypalContext): void {
  app.post('/v2/checkout/orders', async (c) => {
    const requestId = c.req.header('paypal-request-id')
    // The same PayPal-Request-Id answers the order it made the first time, whatever the body says now.
    const replay = requestId ? await orderFor(store, `request:create:${requestId}`) : null
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
    order.links = orderLinks(base, order)
    await store.put<OrderRecord>('paypal', 'order', `order:${id}`, {
      order,
      returnUrl: urls.return_url ?? null,
      cancelUrl: urls.cancel_url ?? null,
      decline: false,
      captureRequestId: null,
    })
    if (requestId && !(await claim(store, `request:create:${requestId}`, id))) {
      // Another request with this id won the race: answer its order (this one is never shown to anyone).
      const first = await orderFor(store, `request:create:${requestId}`)
      if (first) return c.json(first.order, 200)
    }
    return c.json(order, 201)
  })

  app.get('/v2/checkout/orders/:id', async (c) => {
    const record = await loadOrder(store, c.req.param('id'))
    return record ? c.json(record.order) : notFound(c)
  })
}

/** The order a request id points at, when both exist. */
async function orderFor(store: SandboxStore, requestKey: string): Promise<OrderRecord | null> {
  const known = await store.get<{ id: string }>('paypal', requestKey)
  return known ? loadOrder(store, known.id) : null
}

/** An order's HATEOAS links, which depend on its status (`base` is the sandbox's own address). */
export function orderLinks(base: string, order: Pick<Order, 'id' | 'status'>): Link[] {
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
