import { Hono } from 'hono'
import { deliveries } from '../deliveries'
import type { SandboxDeps } from '../sandbox-deps'
import { type StripeContext, stripeError } from './api'
import { mountCardPage } from './card-page'
import { mountPaymentIntents } from './payment-intents'
import { mountRefunds } from './refunds'
import { mountRequestChecks } from './requests'
import { mountSavedCards } from './saved-cards'
import { mountSessions } from './sessions'
import { mountSetupIntents } from './setup-intents'
import { stripeWebhooks } from './webhooks'

/**
 * A local Stripe (docs/payments.md) for Checkout: sessions (create, retrieve, expire), payment intents
 * and their charges, saved cards charged without the payer (saved-cards.ts), cards saved without a payment
 * (setup-intents.ts), refunds, `expand`, signed webhooks, and the hosted card page with Stripe's test
 * cards. Mounted at /sandbox/stripe. It reads what the stripe SDK sends (form-encoded bodies with
 * bracketed keys, Bearer secret key, Idempotency-Key) and answers Stripe-shaped objects and errors, so the
 * adapter cannot tell it from Stripe. All state is in the sandbox store.
 *
 * Each part has a module here: the key and Idempotency-Key checks (requests.ts), Checkout sessions
 * (sessions.ts), payment intents and charges (payment-intents.ts), refunds (refunds.ts), `expand`
 * (expand.ts), webhooks (webhooks.ts), and the card page (card-page.ts).
 */

export type StripeSandbox = Hono & {
  /** Resolves once every webhook the sandbox has started sending has been delivered (or has failed). */
  idle(): Promise<void>
}

const DELIVERY_TIMEOUT_MS = 30_000

export function stripeSandbox(deps: SandboxDeps): StripeSandbox {
  const app = new Hono()
  const posts = deliveries({ ...deps, from: 'Stripe sandbox', timeoutMs: DELIVERY_TIMEOUT_MS })
  const { notify } = stripeWebhooks(deps, posts)
  const ctx: StripeContext = {
    app,
    store: deps.store,
    config: deps.payments.card,
    base: `${deps.publicUrl}/sandbox/stripe`,
    notify,
  }
  // The routes join in this order: the key and Idempotency-Key checks come before the API they guard, and
  // a request the API does not answer meets Stripe's 404 after it.
  mountRequestChecks(ctx)
  mountSessions(ctx)
  mountPaymentIntents(ctx)
  mountSavedCards(ctx)
  mountSetupIntents(ctx)
  mountRefunds(ctx)

  app.all('/v1/*', (c) =>
    stripeError(c, 404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${c.req.method}: ${c.req.path.replace(/^.*?\/v1\//, '/v1/')}). The sandbox answers Checkout sessions, payment intents, charges, saved cards, setup intents and refunds only.`,
    }),
  )

  mountCardPage(ctx)
  return Object.assign(app, { idle: posts.idle })
}
