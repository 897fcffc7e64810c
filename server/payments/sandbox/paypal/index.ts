import { Hono } from 'hono'
import { deliveries } from '../deliveries'
import type { SandboxDeps } from '../sandbox-deps'
import { mountApproval } from './approval'
import { billDue } from './billing'
import { mountCaptures } from './captures'
import { mountOauth } from './oauth'
import { mountOrders } from './orders'
import { paypalPayoutsSandbox } from './payouts'
import { mountRefunds } from './refunds'
import { claim, notFound, type PaypalContext, paypalId } from './rest'
import { mountSales } from './sales'
import { mountSubscriptionPages } from './subscription-page'
import { mountSubscriptions } from './subscriptions'
import { mountWebhookVerification, paypalWebhooks } from './webhooks'

/**
 * A local PayPal (docs/payments.md): OAuth, Orders v2 (create, get, capture), refunds, Payouts (payouts.ts,
 * with its tester's page at /payouts), signed webhooks with their verification endpoint, and the buyer's
 * approval page. Mounted at /sandbox/paypal. It accepts exactly deps.payments.paypal's credentials and
 * answers in PayPal's shapes, errors included, so the adapter cannot tell it from PayPal. All state is in
 * the sandbox store.
 *
 * Each API has a module here: OAuth (oauth.ts), orders (orders.ts), their captures (captures.ts) and
 * refunds (refunds.ts), subscriptions with their plans and products (subscriptions.ts) and their billing
 * (billing.ts), sales and their refunds (sales.ts), webhooks and their verification (webhooks.ts), Payouts
 * (payouts.ts), and the payer's pages: the order's approval (approval.ts) and the subscription's
 * (subscription-page.ts).
 */

export type PaypalSandbox = Hono & {
  /** Resolves once every webhook the sandbox has started sending has been delivered (or has failed). */
  idle(): Promise<void>
  /** Bills every subscription cycle due now (the server's sandbox job runs it every minute). */
  billDue(): Promise<number>
}

const DELIVERY_TIMEOUT_MS = 30_000

export function paypalSandbox(deps: SandboxDeps): PaypalSandbox {
  const { store } = deps
  const base = `${deps.publicUrl}/sandbox/paypal`
  const app = new Hono()
  const posts = deliveries({ ...deps, from: 'PayPal sandbox', timeoutMs: DELIVERY_TIMEOUT_MS })
  const webhooks = paypalWebhooks(deps, base, posts)
  const { notify } = webhooks
  const ctx: PaypalContext = { app, store, config: deps.payments.paypal, base, notify }
  // An id with a NUL in it names nothing the store can hold (nor look up): PayPal's "no such resource".
  app.use('*', async (c, next) => (/%00/i.test(c.req.url) ? notFound(c) : next()))
  // The routes join in this order: the token check comes before the API it guards.
  mountOauth(ctx)
  mountOrders(ctx)
  mountCaptures(ctx)
  mountRefunds(ctx)
  mountSubscriptions(ctx)
  mountSales(ctx)
  mountWebhookVerification(ctx, webhooks)
  app.route(
    '/',
    paypalPayoutsSandbox({
      store,
      base,
      notify,
      track: posts.track,
      claim: (requestKey, id) => claim(store, requestKey, id),
      paypalId,
    }),
  )
  mountApproval(ctx)
  mountSubscriptionPages(ctx)
  return Object.assign(app, { idle: posts.idle, billDue: () => billDue(ctx) })
}
