import type { CurrencyCode } from '../../../../contract/currencies'
import { displayAmount } from '../../provider-money'
import {
  invalid,
  invalidInteger,
  missing,
  noSuch,
  now,
  type StripeContext,
  stripeError,
  stripeId,
} from './api'
import { integer, parseForm, readMetadata } from './form'
import { pastDue, type SessionRecord } from './sessions'

/**
 * Payment intents and refunds: the PaymentIntent (with its charge) that paying a session makes, read back
 * by its id, and refunds of it, whole or in part, with the charge.refunded webhook.
 */

interface PaymentIntentRecord extends Record<string, unknown> {
  paymentIntent: Record<string, unknown> & { id: string; amount: number; currency: string }
  charge: Record<string, unknown> & { id: string; amount_refunded: number }
}

/** Marks an open session paid and makes its PaymentIntent; awaits checkout.session.completed. */
export async function pay(
  ctx: StripeContext,
  id: string,
  card: { last4: string; name: string },
): Promise<SessionRecord | null> {
  const paymentIntent = stripeId('pi_', 24)
  const result = await ctx.store.update<SessionRecord>('stripe', `session:${id}`, (r) =>
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
  await ctx.store.put<PaymentIntentRecord>('stripe', 'payment_intent', `pi:${paymentIntent}`, {
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
  await ctx.notify('checkout.session.completed', session)
  return result.data
}

export function mountPaymentIntents({ app, store, notify }: StripeContext): void {
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
}
