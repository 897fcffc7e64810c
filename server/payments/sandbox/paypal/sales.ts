import { clock } from '../../../lib/clock'
import { loadSubscription, type SubscriptionRecord, saleView } from './billing'
import { toMinor, toValue } from './money'
import {
  claim,
  invalid,
  malformedJson,
  notFound,
  type PaypalContext,
  parseJson,
  paypalId,
  unprocessable,
} from './rest'

/**
 * A subscription's sales (PayPal's v1 payments): reading one, and refunding it, whole or in part, with the
 * PAYMENT.SALE.REFUNDED webhook. The same PayPal-Request-Id answers the refund it made.
 */

interface SaleRefund extends Record<string, unknown> {
  refund: Record<string, unknown>
}

export function mountSales({ app, store, base, notify }: PaypalContext): void {
  const subscriptionOf = async (saleId: string) => {
    const pointer = await store.get<{ subscriptionId: string }>('paypal', `sale:${saleId}`)
    return pointer ? loadSubscription(store, pointer.subscriptionId) : null
  }

  app.get('/v1/payments/sale/:id', async (c) => {
    const id = c.req.param('id')
    const record = await subscriptionOf(id)
    const sale = record?.sales.find((s) => s.id === id)
    return record && sale ? c.json(saleView(base, record, sale)) : notFound(c)
  })

  app.post('/v1/payments/sale/:id/refund', async (c) => {
    const saleId = c.req.param('id')
    const requestId = c.req.header('paypal-request-id')
    if (requestId) {
      const known = await store.get<{ id: string }>('paypal', `request:sale-refund:${requestId}`)
      const refund = known && (await store.get<SaleRefund>('paypal', `sale-refund:${known.id}`))
      if (refund) return c.json(refund.refund, 200)
    }
    const text = await c.req.text()
    const body = text.trim() ? parseJson(text) : {}
    if (!body) return malformedJson(c)
    const current = await subscriptionOf(saleId)
    const sale = current?.sales.find((s) => s.id === saleId)
    if (!current || !sale) return notFound(c)
    let minor = sale.minor - sale.refunded
    if (body.amount !== undefined) {
      const amount = body.amount as { total?: unknown; currency?: unknown }
      if (amount.currency !== current.currency)
        return invalid(
          c,
          '/amount/currency',
          'CURRENCY_MISMATCH',
          `The refund must be in ${current.currency}.`,
        )
      const given = typeof amount.total === 'string' ? toMinor(amount.total, current.currency) : null
      if (given === null || given <= 0)
        return invalid(
          c,
          '/amount/total',
          'INVALID_PARAMETER_SYNTAX',
          'The total must be an amount above zero.',
        )
      minor = given
    }
    const now = clock.now().toISOString()
    const result = await store.update<SubscriptionRecord>('paypal', `subscription:${current.id}`, (r) => {
      const found = r.sales.find((s) => s.id === saleId)
      if (!found || minor > found.minor - found.refunded) return null
      return {
        ...r,
        sales: r.sales.map((s) => (s.id === saleId ? { ...s, refunded: s.refunded + minor } : s)),
        updateTime: now,
      }
    })
    if (!result?.changed)
      return unprocessable(
        c,
        'TRANSACTION_REFUSED',
        'The refund is more than what is left of the sale, or the sale has been refunded in full.',
      )
    const id = paypalId(17)
    const refund = {
      id,
      state: 'completed',
      amount: { total: toValue(minor, current.currency), currency: current.currency },
      sale_id: saleId,
      billing_agreement_id: current.id,
      create_time: now,
      update_time: now,
      links: [
        { href: `${base}/v1/payments/refund/${id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v1/payments/sale/${saleId}`, rel: 'sale', method: 'GET' },
      ],
    }
    await store.put<SaleRefund>('paypal', 'sale-refund', `sale-refund:${id}`, { refund })
    if (requestId) await claim(store, `request:sale-refund:${requestId}`, id)
    void notify(
      'PAYMENT.SALE.REFUNDED',
      'refund',
      refund,
      `A ${refund.amount.total} ${current.currency} sale was refunded`,
    )
    return c.json(refund, 201)
  })
}
