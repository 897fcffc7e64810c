import { clock } from '../../../lib/clock'
import { amountOf, captureFee, toMinor } from './money'
import { type Capture, type Order, type OrderRecord, orderLinks } from './orders'
import { notFound, type PaypalContext, paypalId, unprocessable } from './rest'

/**
 * Capturing an approved order, once (the same PayPal-Request-Id replays the answer), with PayPal's
 * PAYMENT.CAPTURE.COMPLETED webhook, and reading a capture.
 */

export interface CaptureRecord extends Record<string, unknown> {
  capture: Capture & { supplementary_data: { related_ids: { order_id: string } } }
  orderId: string
  /** Minor units refunded so far. */
  refunded: number
}

export function mountCaptures({ app, store, base, notify }: PaypalContext): void {
  app.post('/v2/checkout/orders/:id/capture', async (c) => {
    const id = c.req.param('id')
    const requestId = c.req.header('paypal-request-id') ?? null
    const captureId = paypalId(17)
    const result = await store.update<OrderRecord>('paypal', `order:${id}`, (record) =>
      record.order.status === 'APPROVED' && !record.decline
        ? capture(base, record, captureId, requestId)
        : null,
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

  app.get('/v2/payments/captures/:id', async (c) => {
    const record = await store.get<CaptureRecord>('paypal', `capture:${c.req.param('id')}`)
    return record ? c.json(record.capture) : notFound(c)
  })
}

/** The order completed by its one capture, `captureId`, made by the request `requestId` (if it had one). */
function capture(
  base: string,
  record: OrderRecord,
  captureId: string,
  requestId: string | null,
): OrderRecord {
  const now = clock.now().toISOString()
  const [unit, ...others] = record.order.purchase_units
  if (!unit) return record
  const { currency_code: currency, value } = unit.amount
  const gross = toMinor(value, currency) ?? 0
  const fee = captureFee(gross, currency)
  const made: Capture = {
    id: captureId,
    status: 'COMPLETED',
    amount: unit.amount,
    final_capture: true,
    // What the seller's books read: PayPal's fee (the sandbox's rule, money.ts) and what is left of it.
    seller_receivable_breakdown: {
      gross_amount: amountOf(gross, currency),
      paypal_fee: amountOf(fee, currency),
      net_amount: amountOf(gross - fee, currency),
    },
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
  order.links = orderLinks(base, order)
  return { ...record, order, captureRequestId: requestId }
}
