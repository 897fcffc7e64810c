import { noSuch, now, type StripeContext, stripeId } from './api'
import { saveCard } from './saved-cards'
import { completeSession, type SessionRecord } from './sessions'

/**
 * Setup mode, as Stripe does it: a Checkout session with `mode=setup` takes no money; the payer enters a
 * card on the same hosted page, and a SetupIntent saves it as a PaymentMethod attached to the session's
 * customer, to be charged later without the payer (a membership's first period after a free trial). The
 * session completes with `payment_status: no_payment_required` and names its `setup_intent`;
 * `checkout.session.completed` and `setup_intent.succeeded` are sent.
 */

export interface SetupIntentRecord extends Record<string, unknown> {
  setupIntent: {
    id: string
    object: 'setup_intent'
    customer: string | null
    payment_method: string
    status: 'succeeded'
    usage: 'off_session'
    metadata: Record<string, string>
    description: string | null
    created: number
    livemode: false
  }
}

/** Completes an open setup session with the card entered; awaits checkout.session.completed. */
export async function setUp(
  ctx: StripeContext,
  id: string,
  card: { number: string; name: string },
): Promise<SessionRecord | null> {
  const setupIntent = stripeId('seti_', 24)
  const result = await completeSession(ctx, id, 'setup', card.name, { setup_intent: setupIntent })
  if (!result?.changed) return result?.data ?? null
  const { session } = result.data
  const saved = await saveCard(ctx, session.customer_email, card.number, session.customer ?? undefined)
  const intent: SetupIntentRecord['setupIntent'] = {
    id: setupIntent,
    object: 'setup_intent',
    customer: session.customer,
    payment_method: saved.paymentMethod,
    status: 'succeeded',
    usage: 'off_session',
    metadata: result.data.setupIntentData?.metadata ?? {},
    description: result.data.setupIntentData?.description ?? null,
    created: now(),
    livemode: false,
  }
  await ctx.store.put<SetupIntentRecord>('stripe', 'setup_intent', `seti:${setupIntent}`, {
    setupIntent: intent,
  })
  await ctx.notify('setup_intent.succeeded', intent)
  await ctx.notify('checkout.session.completed', session)
  return result.data
}

export function mountSetupIntents(ctx: StripeContext): void {
  ctx.app.get('/v1/setup_intents/:id', async (c) => {
    const id = c.req.param('id')
    const record = await ctx.store.get<SetupIntentRecord>('stripe', `seti:${id}`)
    return record ? c.json(record.setupIntent) : noSuch(c, 'setup_intent', id)
  })
}
