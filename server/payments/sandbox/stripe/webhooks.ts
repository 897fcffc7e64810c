import { createHmac } from 'node:crypto'
import Stripe from 'stripe'
import type { deliveries } from '../deliveries'
import type { SandboxDeps } from '../sandbox-deps'
import { now, stripeId } from './api'

/**
 * Stripe's webhooks: each event signed with the webhook secret in a Stripe-Signature header, as Stripe
 * signs its own, and posted to Soko.
 */

/** The sandbox's webhook events, posted to Soko through `posts`. */
export function stripeWebhooks(deps: SandboxDeps, posts: ReturnType<typeof deliveries>) {
  const config = deps.payments.card

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

  return { notify }
}
