import type { Money } from './payments'
import {
  type ApiAnswer,
  describe,
  fail,
  issueOf,
  malformed,
  PaypalHttp,
  type PaypalHttpOptions,
  UNAVAILABLE,
} from './paypal.http'
import {
  cancelPayoutItem,
  createPayout,
  getPayoutBatch,
  getPayoutItem,
  type PaypalPayoutBatch,
  type PaypalPayoutItem,
  type PaypalPayoutRequest,
} from './paypal-payouts.adapter'
import {
  cancelSubscription,
  captureOutstanding,
  createSubscription,
  getSubscription,
  type PaypalSale,
  type PaypalSubscription,
  type PaypalSubscriptionRequest,
  refundSale,
  setSubscriptionState,
  subscriptionSales,
} from './paypal-subscriptions.adapter'
import { fromDecimal, isCurrencyCode, toDecimal } from './provider-money'

/**
 * PayPal's REST API (Orders v2, captures, refunds, webhook verification, and Payouts through
 * paypal-payouts.adapter.ts), spoken with fetch: PayPal's server SDK has no option for another host, and
 * the sandbox under /sandbox/paypal must be reachable by changing `baseUrl` only.
 */

export interface PaypalAdapterOptions extends PaypalHttpOptions {
  /** The webhook's id in PayPal's dashboard: its signatures are made with it. */
  webhookId: string
}

export interface PaypalOrderRequest {
  /** Soko's order reference, shown to the buyer by PayPal. */
  reference: string
  /** Soko's order id: comes back as `custom_id` on the order, its capture and webhooks. */
  orderId: string
  amount: Money
  description: string
  returnUrl: string
  cancelUrl: string
  /** PayPal-Request-Id: the same id makes the same order, so a retried request cannot make two. */
  requestId: string
}

export type PaypalCaptureResult =
  | { status: 'COMPLETED'; captureId: string; amount: Money; payerEmail: string | null }
  | { status: 'DECLINED' | 'PENDING' | 'NOT_APPROVED'; detail: string }

export interface PaypalOrder {
  id: string
  /** CREATED, PAYER_ACTION_REQUIRED, APPROVED, COMPLETED or VOIDED. */
  status: string
  captureId: string | null
  amount: Money
  customId: string | null
}

export interface PaypalRefund {
  id: string
  status: 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED'
  /** What PayPal says it gave back, when its answer says. */
  amount: Money | null
}

export interface PaypalWebhookEvent {
  id: string
  event_type: string
  resource: Record<string, unknown>
}

interface RawAmount {
  currency_code?: string
  value?: string
}

interface RawCapture {
  id?: string
  status?: string
  amount?: RawAmount
  status_details?: { reason?: string }
}

interface RawOrder {
  id?: string
  status?: string
  purchase_units?: {
    amount?: RawAmount
    custom_id?: string
    payments?: { captures?: RawCapture[] }
  }[]
  payer?: { email_address?: string }
  payment_source?: { paypal?: { email_address?: string } }
  links?: { rel?: string; href?: string }[]
}

/** PayPal limits description and custom_id to 127 characters and refuses longer ones. */
const MAX_TEXT = 127

export class PaypalAdapter {
  private readonly http: PaypalHttp

  constructor(private readonly options: PaypalAdapterOptions) {
    this.http = new PaypalHttp(options)
  }

  async createOrder(req: PaypalOrderRequest): Promise<{ id: string; approveUrl: string }> {
    const res = await this.http.call('POST', '/v2/checkout/orders', {
      requestId: req.requestId,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: req.reference,
            custom_id: req.orderId,
            description: truncate(req.description, MAX_TEXT),
            amount: {
              currency_code: req.amount.currency,
              value: toDecimal(req.amount.amount, req.amount.currency),
            },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              user_action: 'PAY_NOW',
              return_url: req.returnUrl,
              cancel_url: req.cancelUrl,
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      },
    })
    if (!res.ok) {
      const issue = issueOf(res.body)
      if (issue === 'CURRENCY_NOT_SUPPORTED')
        throw fail(res, `PayPal does not take payments in ${req.amount.currency}: pay another way`)
      throw fail(res, 'PayPal could not start this payment: try again or pay another way')
    }
    const order = res.body as RawOrder
    const link =
      order.links?.find((l) => l.rel === 'payer-action') ?? order.links?.find((l) => l.rel === 'approve')
    if (!order.id || !link?.href) throw malformed('an order without an approval link', res)
    return { id: order.id, approveUrl: link.href }
  }

  async captureOrder(id: string, requestId: string): Promise<PaypalCaptureResult> {
    const res = await this.http.call('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {
      requestId,
    })
    if (res.ok) return captureResult(res.body as RawOrder, res)
    const issue = issueOf(res.body)
    if (res.status === 422) {
      // A retry after a lost answer, or the webhook and the buyer's return racing: the order tells.
      if (issue === 'ORDER_ALREADY_CAPTURED') return captureResult(await this.rawOrder(id), res)
      if (issue === 'ORDER_NOT_APPROVED' || issue === 'PAYER_ACTION_REQUIRED')
        return { status: 'NOT_APPROVED', detail: describe(res) }
      if (issue === 'INSTRUMENT_DECLINED' || issue === 'TRANSACTION_REFUSED')
        return { status: 'DECLINED', detail: describe(res) }
    }
    if (res.status === 404) throw fail(res, 'We cannot find this PayPal payment: start the payment again')
    throw fail(res, 'PayPal could not take this payment: try again or pay another way')
  }

  async getOrder(id: string): Promise<PaypalOrder> {
    const order = await this.rawOrder(id)
    const unit = order.purchase_units?.[0]
    if (!order.id || !order.status || !unit?.amount) throw malformed('an order without its amount', null)
    return {
      id: order.id,
      status: order.status,
      captureId: unit.payments?.captures?.[0]?.id ?? null,
      amount: money(unit.amount, null),
      customId: unit.custom_id ?? null,
    }
  }

  async refundCapture(captureId: string, amount: Money, requestId: string): Promise<PaypalRefund> {
    const res = await this.http.call(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
      {
        requestId,
        body: {
          amount: { currency_code: amount.currency, value: toDecimal(amount.amount, amount.currency) },
        },
      },
    )
    if (!res.ok) {
      const message =
        {
          CAPTURE_FULLY_REFUNDED: 'This PayPal payment has already been refunded in full',
          REFUND_AMOUNT_EXCEEDED: 'The refund is more than what is left of this PayPal payment: refund less',
          REFUND_TIME_LIMIT_EXCEEDED:
            'PayPal no longer refunds this payment (it is too old): refund it another way',
        }[issueOf(res.body) ?? ''] ?? 'PayPal could not make this refund: try again later'
      throw fail(res, message)
    }
    const refund = res.body as {
      id?: string
      status?: string
      amount?: { currency_code?: string; value?: string }
    }
    if (!refund.id || !isRefundStatus(refund.status)) throw malformed('a refund without its status', res)
    const code = refund.amount?.currency_code
    const given =
      code && isCurrencyCode(code) && refund.amount?.value
        ? { amount: fromDecimal(refund.amount.value, code), currency: code }
        : null
    return { id: refund.id, status: refund.status, amount: given }
  }

  /**
   * Asks PayPal whether a webhook is genuine. Answers the event, or null when it is not (or its headers
   * are missing); throws a retryable PaymentProviderError when PayPal cannot say, so the webhook handler
   * answers 5xx and PayPal delivers it again.
   */
  async verifyWebhook(
    headers: Headers | Record<string, string>,
    rawBody: string,
  ): Promise<PaypalWebhookEvent | null> {
    const header = (name: string) =>
      headers instanceof Headers
        ? headers.get(name)
        : (Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1] ?? null)
    const fields = {
      auth_algo: header('paypal-auth-algo'),
      cert_url: header('paypal-cert-url'),
      transmission_id: header('paypal-transmission-id'),
      transmission_sig: header('paypal-transmission-sig'),
      transmission_time: header('paypal-transmission-time'),
    }
    if (Object.values(fields).some((value) => !value)) return null
    let event: Partial<PaypalWebhookEvent>
    try {
      event = JSON.parse(rawBody)
    } catch {
      return null
    }
    // Signed or not, an event without its id and type as strings is not one Soko can act on.
    if (typeof event !== 'object' || event === null) return null
    if (
      typeof event.id !== 'string' ||
      !event.id ||
      typeof event.event_type !== 'string' ||
      !event.event_type
    )
      return null
    // PayPal checks the signature against the event as it re-serialises it: sending the body exactly as it
    // came (not JSON.stringify of the parse) keeps numbers and escapes as PayPal signed them.
    const prefix = JSON.stringify({ ...fields, webhook_id: this.options.webhookId })
    const body = `${prefix.slice(0, -1)},"webhook_event":${rawBody}}`
    const res = await this.http.call('POST', '/v1/notifications/verify-webhook-signature', {
      body,
      raw: true,
    })
    if (!res.ok) return null
    if ((res.body as { verification_status?: string }).verification_status !== 'SUCCESS') return null
    const resource = event.resource
    return {
      ...event,
      resource: typeof resource === 'object' && resource !== null && !Array.isArray(resource) ? resource : {},
    } as PaypalWebhookEvent
  }

  /** Pays one e-mail address (Payouts): one batch per `senderBatchId`, however often it is asked. */
  createPayout(req: PaypalPayoutRequest): Promise<{ batchId: string; batchStatus: string }> {
    return createPayout(this.http, req)
  }

  getPayoutBatch(batchId: string): Promise<PaypalPayoutBatch> {
    return getPayoutBatch(this.http, batchId)
  }

  getPayoutItem(itemId: string): Promise<PaypalPayoutItem> {
    return getPayoutItem(this.http, itemId)
  }

  /** Takes back an UNCLAIMED payout item: PayPal returns the money to Soko's balance (RETURNED). */
  cancelPayoutItem(itemId: string): Promise<PaypalPayoutItem> {
    return cancelPayoutItem(this.http, itemId)
  }

  /** A product, plan and subscription for a payment made again each period; the payer approves it. */
  createSubscription(req: PaypalSubscriptionRequest): Promise<{ id: string; approveUrl: string }> {
    return createSubscription(this.http, req)
  }

  getSubscription(id: string): Promise<PaypalSubscription> {
    return getSubscription(this.http, id)
  }

  subscriptionSales(id: string, from: Date, to: Date): Promise<PaypalSale[]> {
    return subscriptionSales(this.http, id, from, to)
  }

  captureOutstanding(id: string, amount: Money, requestId: string): Promise<PaypalSale> {
    return captureOutstanding(this.http, id, amount, requestId)
  }

  cancelSubscription(id: string, reason: string): Promise<void> {
    return cancelSubscription(this.http, id, reason)
  }

  /** Suspends an active subscription, or reactivates a suspended one. */
  setSubscriptionState(id: string, action: 'suspend' | 'activate', reason: string): Promise<void> {
    return setSubscriptionState(this.http, id, action, reason)
  }

  refundSale(saleId: string, amount: Money, requestId: string) {
    return refundSale(this.http, saleId, amount, requestId)
  }

  private async rawOrder(id: string): Promise<RawOrder> {
    const res = await this.http.call('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`)
    if (res.status === 404) throw fail(res, 'We cannot find this PayPal payment: start the payment again')
    if (!res.ok) throw fail(res, UNAVAILABLE)
    return res.body as RawOrder
  }
}
function captureResult(order: RawOrder, res: ApiAnswer): PaypalCaptureResult {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0]
  if (!capture?.id || !capture.status) {
    if (order.status === 'APPROVED' || order.status === 'COMPLETED')
      throw malformed('a completed order without its capture', res)
    return { status: 'NOT_APPROVED', detail: `order ${order.id} is ${order.status}` }
  }
  const reason = capture.status_details?.reason
  switch (capture.status) {
    case 'COMPLETED':
      return {
        status: 'COMPLETED',
        captureId: capture.id,
        amount: money(capture.amount, res),
        payerEmail: order.payer?.email_address ?? order.payment_source?.paypal?.email_address ?? null,
      }
    case 'PENDING':
      return { status: 'PENDING', detail: `capture ${capture.id} PENDING${reason ? ` (${reason})` : ''}` }
    case 'DECLINED':
    case 'FAILED':
      return {
        status: 'DECLINED',
        detail: `capture ${capture.id} ${capture.status}${reason ? ` (${reason})` : ''}`,
      }
    default:
      // REFUNDED or PARTIALLY_REFUNDED: it was completed, and what happened since is the refund's story.
      return {
        status: 'COMPLETED',
        captureId: capture.id,
        amount: money(capture.amount, res),
        payerEmail: order.payer?.email_address ?? order.payment_source?.paypal?.email_address ?? null,
      }
  }
}

function money(amount: RawAmount | undefined, res: ApiAnswer | null): Money {
  const currency = amount?.currency_code ?? ''
  if (!isCurrencyCode(currency) || typeof amount?.value !== 'string')
    throw malformed(`an amount Soko does not know (${currency || 'no currency'})`, res)
  try {
    return { amount: fromDecimal(amount.value, currency), currency }
  } catch (error) {
    throw malformed(error instanceof Error ? error.message : 'an amount Soko cannot read', res)
  }
}

function isRefundStatus(status: unknown): status is PaypalRefund['status'] {
  return status === 'COMPLETED' || status === 'PENDING' || status === 'FAILED' || status === 'CANCELLED'
}

/** At most `max` characters, never half of one (a lone surrogate is invalid JSON text to PayPal). */
function truncate(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length <= max ? text : chars.slice(0, max).join('')
}
