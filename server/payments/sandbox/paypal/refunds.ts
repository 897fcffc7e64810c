import { clock } from '../../../lib/clock'
import type { CaptureRecord } from './captures'
import { amountOf, feeReturned, toMinor } from './money'
import type { OrderRecord } from './orders'
import {
  claim,
  malformedJson,
  notFound,
  type PaypalContext,
  parseJson,
  paypalId,
  readAmount,
  unprocessable,
} from './rest'

/**
 * Refunding a capture, whole or in part, with PayPal's PAYMENT.CAPTURE.REFUNDED webhook; the capture and
 * its order show the new status, as PayPal's do. A refund is read back by its id.
 */

interface RefundRecord extends Record<string, unknown> {
  refund: Record<string, unknown>
}

export function mountRefunds({ app, store, base, notify }: PaypalContext): void {
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
    const currency = current.capture.amount.currency_code
    const total = toMinor(current.capture.amount.value, currency) ?? 0
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
    // The fee given back, and what the refund costs the seller: the sandbox's rule (money.ts).
    const after = result.data.refunded
    const feeBack = feeReturned(after, total, currency) - feeReturned(after - minor, total, currency)
    const refund = {
      id: refundId,
      amount: amountOf(minor, currency),
      status: 'COMPLETED',
      seller_payable_breakdown: {
        gross_amount: amountOf(minor, currency),
        paypal_fee: amountOf(feeBack, currency),
        net_amount: amountOf(minor - feeBack, currency),
        total_refunded_amount: amountOf(after, currency),
      },
      ...(current.capture.custom_id ? { custom_id: current.capture.custom_id } : {}),
      create_time: now,
      update_time: now,
      links: [
        { href: `${base}/v2/payments/refunds/${refundId}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    }
    await store.put<RefundRecord>('paypal', 'refund', `refund:${refundId}`, { refund })
    if (requestId) await claim(store, `request:refund:${requestId}`, refundId)
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
}
