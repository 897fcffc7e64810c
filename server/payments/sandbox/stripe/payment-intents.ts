import { now, type StripeContext, stripeId } from './api'
import { getExpanded } from './expand'
import { chargeRecord, intentRecord, type PaymentIntentRecord } from './records'
import { saveCard } from './saved-cards'
import { completeSession, type SessionRecord } from './sessions'

/**
 * Payment intents and charges: the PaymentIntent (with its charge) that paying a session makes, each read
 * back by its id. Refunds of them are in refunds.ts.
 */

/** Marks an open session paid and makes its PaymentIntent; awaits checkout.session.completed. */
export async function pay(
  ctx: StripeContext,
  id: string,
  card: { number: string; name: string },
): Promise<SessionRecord | null> {
  const paymentIntent = stripeId('pi_', 24)
  const last4 = card.number.slice(-4)
  const result = await completeSession(ctx, id, 'payment', card.name, {
    payment_status: 'paid',
    payment_intent: paymentIntent,
  })
  if (!result?.changed) return result?.data ?? null
  let { session } = result.data
  // A card kept for later: its customer and payment method are made now, and named by the session.
  const saved = result.data.saveCard ? await saveCard(ctx, session.customer_email, card.number) : null
  if (saved) {
    const withCustomer = await ctx.store.update<SessionRecord>('stripe', `session:${id}`, (r) => ({
      ...r,
      session: { ...r.session, customer: saved.customer },
    }))
    if (withCustomer) session = withCustomer.data.session
  }
  const created = now()
  const chargeId = stripeId('ch_', 24)
  const { metadata, description } = result.data.paymentIntentData
  const common = {
    amount: session.amount_total ?? 0,
    currency: session.currency,
    created,
    livemode: false,
    metadata,
    description,
    customer: saved?.customer ?? null,
    payment_method: saved?.paymentMethod ?? null,
  }
  await ctx.store.put<PaymentIntentRecord>('stripe', 'payment_intent', `pi:${paymentIntent}`, {
    paymentIntent: {
      id: paymentIntent,
      object: 'payment_intent',
      ...common,
      amount_received: session.amount_total,
      latest_charge: chargeId,
      payment_method_types: ['card'],
      ...(saved ? { setup_future_usage: 'off_session' } : {}),
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
      payment_method_details: { type: 'card', card: { brand: 'visa', last4 } },
      refunded: false,
      status: 'succeeded',
    },
  })
  await ctx.notify('checkout.session.completed', session)
  return result.data
}

export function mountPaymentIntents(ctx: StripeContext): void {
  getExpanded(ctx, '/v1/payment_intents/:id', 'payment_intent', async (id) => {
    return (await intentRecord(ctx.store, id))?.paymentIntent
  })
  // Each payment intent here has one charge, kept in the payment intent's record.
  getExpanded(ctx, '/v1/charges/:id', 'charge', async (id) => (await chargeRecord(ctx.store, id))?.charge)
}
