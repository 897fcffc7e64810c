import { Hono } from 'hono'
import type { Logger } from '../lib/log'
import type { Links, Signer } from './links'
import { type Money, PaymentProviderError } from './payments'
import type { PaypalAdapter, PaypalWebhookEvent } from './paypal.adapter'
import { batchDenied, payoutItemState } from './paypal.provider'
import { parseBatch, parsePayoutItem } from './paypal-payouts.adapter'
import type { MessageOrigin, PaymentEvents } from './provider'
import { fromDecimal, isCurrencyCode } from './provider-money'

/**
 * The payer's way back from PayPal (approved or cancelled) and PayPal's signed webhooks. Mounted at /hooks.
 *
 * A webhook PayPal signed is answered 200 whenever Soko has read it, whether or not it names something of
 * Soko's: PayPal retries anything else for days, and another answer would not change what it says. What
 * names nothing of Soko's is logged with PayPal's event id and type, to find it in PayPal's dashboard.
 */
export function paypalHooks(
  adapter: PaypalAdapter,
  signer: Signer,
  links: Links,
  events: PaymentEvents,
  log: Logger,
) {
  const app = new Hono()

  app.get('/paypal/return', async (c) => {
    const id = c.req.query('order') ?? ''
    if (!signer.verify('paypal-return', id, c.req.query('sig') ?? ''))
      return c.text('This link is not valid.', 403)
    await events
      .approved('paypal', { id })
      .catch((error) => log.warn('PayPal capture failed on return', { id, error }))
    return c.redirect((await events.payerPage?.(id)) ?? links.orderPage(id), 303)
  })

  app.get('/paypal/cancel', async (c) => {
    const id = c.req.query('order') ?? ''
    if (!signer.verify('paypal-cancel', id, c.req.query('sig') ?? ''))
      return c.text('This link is not valid.', 403)
    await events.closed('paypal', { id }, 'cancelled')
    return c.redirect((await events.payerPage?.(id)) ?? links.orderPage(id), 303)
  })

  app.post('/paypal', async (c) => {
    const event = await adapter.verifyWebhook(c.req.raw.headers, await c.req.text())
    if (!event) return c.text('Signature not verified', 400)
    const origin: MessageOrigin = { event: shortened(event.id), type: shortened(event.event_type) }
    if (/^PAYMENT\.PAYOUTS(-ITEM|BATCH)\./.test(event.event_type))
      return (await payoutWebhook(event, events, log, origin))
        ? c.json({ ok: true })
        : c.text('Not understood', 400)
    if (event.event_type === 'BILLING.SUBSCRIPTION.ACTIVATED') {
      // The payer approved a subscription (one starting with a free trial takes nothing, so no sale
      // follows): its order, named by custom_id, is asked about now, as on the payer's return.
      const orderId = text((event.resource as { custom_id?: unknown }).custom_id)
      if (orderId) await events.approved('paypal', { id: orderId }, origin)
      return c.json({ ok: true })
    }
    if (
      event.event_type === 'PAYMENT.SALE.COMPLETED' ||
      event.event_type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED'
    ) {
      await subscriptionWebhook(event, events, log, origin)
      return c.json({ ok: true })
    }
    const resource = event.resource as {
      id?: unknown
      amount?: { currency_code?: unknown; value?: unknown }
      supplementary_data?: { related_ids?: { order_id?: unknown } }
    }
    const type = event.event_type
    const approved = type === 'CHECKOUT.ORDER.APPROVED'
    if (!approved && type !== 'PAYMENT.CAPTURE.COMPLETED' && type !== 'PAYMENT.CAPTURE.REFUNDED') {
      log.info('PayPal webhook of a kind Soko does not act on', { origin })
      return c.json({ ok: true })
    }
    const orderRef = text(approved ? resource.id : resource.supplementary_data?.related_ids?.order_id)
    if (!orderRef) {
      log.warn('PayPal webhook without the order it is about', { origin })
      return c.json({ ok: true })
    }
    const amount = moneyOf(resource.amount)
    if (approved) await events.approved('paypal', { providerRef: orderRef }, origin)
    else if (type === 'PAYMENT.CAPTURE.COMPLETED') {
      // Soko charges only in its own currencies: a capture in another, or one it cannot read, is not Soko's.
      if (!amount) log.warn('PayPal capture in an amount Soko does not charge in', { origin })
      else {
        const captureId = text(resource.id)
        await events.charge(
          'paypal',
          { providerRef: orderRef },
          `capture:${orderRef}`,
          { kind: 'paid', amount, receipt: captureId, details: { captureId } },
          event,
          origin,
        )
      }
    }
    // The resource is the refund: its amount is what went back.
    else
      await events.transfer(
        'paypal',
        { chargeProviderRef: orderRef },
        { state: 'done', providerRef: text(resource.id), ...(amount ? { amount } : {}) },
        origin,
      )
    return c.json({ ok: true })
  })
  return app
}

/**
 * What a subscription took by itself (PAYMENT.SALE.COMPLETED: the sale names its subscription as
 * billing_agreement_id), or failed to take (BILLING.SUBSCRIPTION.PAYMENT.FAILED: the resource is the
 * subscription). A sale counts once by its id, whichever of the webhook, the payer's return or the
 * renewals job finds it first; a failure once per time PayPal gives for it.
 */
async function subscriptionWebhook(
  event: PaypalWebhookEvent,
  events: PaymentEvents,
  log: Logger,
  origin: MessageOrigin,
) {
  const resource = event.resource as {
    id?: unknown
    billing_agreement_id?: unknown
    amount?: { total?: unknown; currency?: unknown }
    billing_info?: { last_failed_payment?: { time?: unknown } }
  }
  if (event.event_type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED') {
    const id = text(resource.id)
    if (!id) return log.warn('PayPal subscription webhook without its id', { origin })
    const when = text(resource.billing_info?.last_failed_payment?.time) ?? origin.event
    return events.charge(
      'paypal',
      { recurring: id },
      `failed:${id}:${when}`,
      { kind: 'failed', code: 'paypal_declined', message: 'PayPal could not take the payment' },
      event,
      origin,
    )
  }
  const subscription = text(resource.billing_agreement_id)
  const saleId = text(resource.id)
  const amount = moneyOf({ currency_code: resource.amount?.currency, value: resource.amount?.total })
  // A sale of no subscription is not one Soko made (its one-off payments are orders' captures).
  if (!subscription || !saleId) return log.info("PayPal sale that is not a subscription's", { origin })
  if (!amount) return log.warn('PayPal sale in an amount Soko does not charge in', { origin })
  return events.charge(
    'paypal',
    { recurring: subscription },
    `sale:${saleId}`,
    { kind: 'paid', amount, receipt: saleId, details: { saleId, subscription } },
    event,
    origin,
  )
}

/**
 * PAYMENT.PAYOUTS-ITEM.* (SUCCEEDED, FAILED, UNCLAIMED, RETURNED, HELD, BLOCKED, CANCELED, DENIED,
 * REFUNDED) carry the item: its state is read from its transaction_status, as checkPayout reads it.
 * PAYMENT.PAYOUTSBATCH.DENIED fails the batch's one item, named by sender_batch_id; the batch's PROCESSING
 * and SUCCESS events say nothing of items, whose own events follow. False: a payout event that may be
 * Soko's but that Soko cannot read.
 */
async function payoutWebhook(
  event: PaypalWebhookEvent,
  events: PaymentEvents,
  log: Logger,
  origin: MessageOrigin,
) {
  try {
    if (event.event_type.startsWith('PAYMENT.PAYOUTS-ITEM.')) {
      const item = parsePayoutItem(event.resource, null)
      if (!item.senderItemId) log.warn('PayPal payout webhook without its sender_item_id', { origin })
      else
        await events.transfer(
          'paypal',
          { id: item.senderItemId, providerRef: item.batchId },
          payoutItemState(item),
          origin,
        )
    } else if (event.event_type === 'PAYMENT.PAYOUTSBATCH.DENIED') {
      const batch = parseBatch(event.resource, null)
      if (!batch.senderBatchId) log.warn('PayPal payout batch without its sender_batch_id', { origin })
      else
        await events.transfer(
          'paypal',
          { id: batch.senderBatchId, providerRef: batch.batchId },
          batchDenied(batch),
          origin,
        )
    }
    return true
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error
    if (!maybeSokos(event)) {
      log.warn('PayPal payout webhook about a payout Soko did not send', { origin, detail: error.detail })
      return true
    }
    log.warn('PayPal payout webhook not understood', { origin, detail: error.detail })
    return false
  }
}

/**
 * Whether a payout event Soko cannot read may still be about one of its payouts: Soko names each by a
 * string id and pays out only in its own currencies, so an item or batch that says otherwise is another
 * sender's.
 */
function maybeSokos(event: PaypalWebhookEvent): boolean {
  const resource = event.resource as {
    payout_item?: { sender_item_id?: unknown; amount?: { currency?: unknown } }
    batch_header?: { sender_batch_header?: { sender_batch_id?: unknown } }
  }
  if (event.event_type === 'PAYMENT.PAYOUTSBATCH.DENIED')
    return typeof resource.batch_header?.sender_batch_header?.sender_batch_id === 'string'
  const currency = resource.payout_item?.amount?.currency
  return (
    typeof resource.payout_item?.sender_item_id === 'string' &&
    !(typeof currency === 'string' && !isCurrencyCode(currency))
  )
}

/** An amount of a webhook's resource, when it is one Soko can charge in; null otherwise. */
function moneyOf(raw: { currency_code?: unknown; value?: unknown } | undefined): Money | null {
  const code = raw?.currency_code
  if (typeof code !== 'string' || !isCurrencyCode(code) || typeof raw?.value !== 'string') return null
  try {
    return { amount: fromDecimal(raw.value, code), currency: code }
  } catch {
    return null
  }
}

/** A non-empty string, or null for anything else a webhook may carry in its place. */
const text = (value: unknown) => (typeof value === 'string' && value ? value : null)

/** PayPal's ids for the log: whole when they are PayPal's, cut short when a sender made them huge. */
const shortened = (value: string) => (value.length > 100 ? `${value.slice(0, 100)}…` : value)
