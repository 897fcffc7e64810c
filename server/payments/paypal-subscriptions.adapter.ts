import { z } from 'zod'
import type { Money } from './payments'
import { type ApiAnswer, fail, issueOf, malformed, type PaypalHttp, UNAVAILABLE } from './paypal.http'
import { fromDecimal, isCurrencyCode, toDecimal } from './provider-money'

/**
 * PayPal Subscriptions (v1): a catalog product and a plan (one regular cycle a month or a year at a fixed
 * price, billed until cancelled, after a free trial cycle of some days if asked), the subscription the payer approves on PayPal's page, its sales, a
 * capture of what it owes after a failed cycle, its cancellation, and a sale's refund. Every creation
 * carries a PayPal-Request-Id, so asking again after a lost answer makes nothing twice. PaypalAdapter
 * exposes these calls; they share its token.
 */

export interface PaypalSubscriptionRequest {
  /** Soko's order id of the first payment: each creation's PayPal-Request-Id is made from it. */
  orderId: string
  /** What the payer sees on PayPal's page, and the product's name. */
  name: string
  interval: 'month' | 'year'
  /** What each period costs (after the trial, when there is one). */
  amount: Money
  /** A free trial of this many days before the first period is billed. */
  trialDays?: number
  returnUrl: string
  cancelUrl: string
}

export interface PaypalSubscription {
  id: string
  /** APPROVAL_PENDING, APPROVED, ACTIVE, SUSPENDED, CANCELLED or EXPIRED. */
  status: string
  customId: string | null
  /** What it owes after failed cycles, when it owes anything in a currency Soko knows. */
  outstanding: Money | null
  failedPayments: number
}

export interface PaypalSale {
  id: string
  /** COMPLETED, DECLINED, PARTIALLY_REFUNDED, REFUNDED, PENDING … */
  status: string
  amount: Money
  time: Date
}

const amountSchema = z.object({ currency_code: z.string(), value: z.string() })
const subscriptionSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  custom_id: z.string().nullish(),
  billing_info: z
    .object({
      outstanding_balance: amountSchema.nullish(),
      failed_payments_count: z.number().int().nullish(),
    })
    .nullish(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).nullish(),
})
const transactionSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  amount_with_breakdown: z.object({ gross_amount: amountSchema }),
  time: z.string(),
})

const START_FAILED = 'PayPal could not start this subscription: try again or pay by card'

export async function createSubscription(
  http: PaypalHttp,
  req: PaypalSubscriptionRequest,
): Promise<{ id: string; approveUrl: string }> {
  const product = await http.call('POST', '/v1/catalogs/products', {
    requestId: `product-${req.orderId}`,
    body: { name: req.name, type: 'DIGITAL' },
  })
  const productId = (product.body as { id?: unknown } | null)?.id
  if (!product.ok) throw fail(product, START_FAILED)
  if (typeof productId !== 'string') throw malformed('a product without its id', product)
  const plan = await http.call('POST', '/v1/billing/plans', {
    requestId: `plan-${req.orderId}`,
    body: {
      product_id: productId,
      name: req.name,
      status: 'ACTIVE',
      billing_cycles: [
        // A free trial is a TRIAL cycle without a price, before the regular ones.
        ...(req.trialDays
          ? [
              {
                frequency: { interval_unit: 'DAY', interval_count: req.trialDays },
                tenure_type: 'TRIAL',
                sequence: 1,
                total_cycles: 1,
              },
            ]
          : []),
        {
          frequency: { interval_unit: req.interval === 'month' ? 'MONTH' : 'YEAR', interval_count: 1 },
          tenure_type: 'REGULAR',
          sequence: req.trialDays ? 2 : 1,
          total_cycles: 0,
          pricing_scheme: { fixed_price: paypalAmount(req.amount) },
        },
      ],
      // A failed cycle waits in the outstanding balance: Soko tries again on its own days (capture), and
      // ends the membership (cancelling the subscription) when those run out. PayPal never suspends it.
      payment_preferences: { auto_bill_outstanding: false, payment_failure_threshold: 0 },
    },
  })
  const planId = (plan.body as { id?: unknown } | null)?.id
  if (!plan.ok) throw fail(plan, START_FAILED)
  if (typeof planId !== 'string') throw malformed('a plan without its id', plan)
  const created = await http.call('POST', '/v1/billing/subscriptions', {
    requestId: `subscription-${req.orderId}`,
    body: {
      plan_id: planId,
      custom_id: req.orderId,
      application_context: {
        brand_name: 'Soko',
        user_action: 'SUBSCRIBE_NOW',
        shipping_preference: 'NO_SHIPPING',
        return_url: req.returnUrl,
        cancel_url: req.cancelUrl,
      },
    },
  })
  if (!created.ok) throw fail(created, START_FAILED)
  const parsed = subscriptionSchema.safeParse(created.body)
  const approve = parsed.data?.links?.find((l) => l.rel === 'approve')?.href
  if (!parsed.success || !approve) throw malformed('a subscription without its approval link', created)
  return { id: parsed.data.id, approveUrl: approve }
}

export async function getSubscription(http: PaypalHttp, id: string): Promise<PaypalSubscription> {
  const res = await http.call('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`)
  if (!res.ok) throw fail(res, UNAVAILABLE)
  const parsed = subscriptionSchema.safeParse(res.body)
  if (!parsed.success) throw malformed('a subscription Soko cannot read', res)
  const s = parsed.data
  const owed = s.billing_info?.outstanding_balance
  const outstanding = owed ? moneyOf(owed, res) : null
  return {
    id: s.id,
    status: s.status,
    customId: s.custom_id ?? null,
    outstanding: outstanding && outstanding.amount > 0 ? outstanding : null,
    failedPayments: s.billing_info?.failed_payments_count ?? 0,
  }
}

/** The subscription's sales between two times (PayPal asks for both). */
export async function subscriptionSales(
  http: PaypalHttp,
  id: string,
  from: Date,
  to: Date,
): Promise<PaypalSale[]> {
  const query = new URLSearchParams({ start_time: from.toISOString(), end_time: to.toISOString() })
  const res = await http.call(
    'GET',
    `/v1/billing/subscriptions/${encodeURIComponent(id)}/transactions?${query}`,
  )
  if (!res.ok) throw fail(res, UNAVAILABLE)
  const list = z.object({ transactions: z.array(transactionSchema).nullish() }).safeParse(res.body)
  if (!list.success) throw malformed('transactions Soko cannot read', res)
  return (list.data.transactions ?? []).map((t) => ({
    id: t.id,
    status: t.status,
    amount: moneyOf(t.amount_with_breakdown.gross_amount, res),
    time: new Date(t.time),
  }))
}

/** Charges what a subscription owes; the answer is the sale made, COMPLETED or DECLINED. */
export async function captureOutstanding(
  http: PaypalHttp,
  id: string,
  amount: Money,
  requestId: string,
): Promise<PaypalSale> {
  const res = await http.call('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/capture`, {
    requestId,
    body: { note: 'Membership renewal', capture_type: 'OUTSTANDING_BALANCE', amount: paypalAmount(amount) },
  })
  if (!res.ok) throw fail(res, 'PayPal could not take this renewal')
  const parsed = transactionSchema.safeParse(res.body)
  if (!parsed.success) throw malformed('a capture without its transaction', res)
  return {
    id: parsed.data.id,
    status: parsed.data.status,
    amount: moneyOf(parsed.data.amount_with_breakdown.gross_amount, res),
    time: new Date(parsed.data.time),
  }
}

/** Cancels a subscription; one PayPal says is no longer active or suspended is already over. */
export function cancelSubscription(http: PaypalHttp, id: string, reason: string): Promise<void> {
  return setSubscriptionState(http, id, 'cancel', reason)
}

/**
 * Cancels, suspends or reactivates a subscription. PayPal refuses one whose status does not allow it
 * (`SUBSCRIPTION_STATUS_INVALID`: suspended already, active already, or over), which is where it was asked
 * to go or past it: taken as done.
 */
export async function setSubscriptionState(
  http: PaypalHttp,
  id: string,
  action: 'cancel' | 'suspend' | 'activate',
  reason: string,
): Promise<void> {
  const res = await http.call('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/${action}`, {
    body: { reason: reason.slice(0, 128) },
  })
  if (res.ok || (res.status === 422 && issueOf(res.body) === 'SUBSCRIPTION_STATUS_INVALID')) return
  throw fail(res, UNAVAILABLE)
}

/** Refunds (part of) a subscription's sale. */
export async function refundSale(
  http: PaypalHttp,
  saleId: string,
  amount: Money,
  requestId: string,
): Promise<{ id: string; status: 'COMPLETED' | 'PENDING' | 'FAILED'; amount: Money | null }> {
  const res = await http.call('POST', `/v1/payments/sale/${encodeURIComponent(saleId)}/refund`, {
    requestId,
    body: { amount: { total: toDecimal(amount.amount, amount.currency), currency: amount.currency } },
  })
  if (!res.ok) throw fail(res, 'PayPal could not make this refund: try again later')
  const refund = res.body as {
    id?: unknown
    state?: unknown
    amount?: { total?: unknown; currency?: unknown }
  }
  if (typeof refund.id !== 'string') throw malformed('a refund without its id', res)
  const state = String(refund.state ?? '').toUpperCase()
  const code = refund.amount?.currency
  const given =
    typeof code === 'string' && isCurrencyCode(code) && typeof refund.amount?.total === 'string'
      ? { amount: fromDecimal(refund.amount.total, code), currency: code }
      : null
  return {
    id: refund.id,
    status: state === 'COMPLETED' ? 'COMPLETED' : state === 'FAILED' ? 'FAILED' : 'PENDING',
    amount: given,
  }
}

const paypalAmount = (money: Money) => ({
  currency_code: money.currency,
  value: toDecimal(money.amount, money.currency),
})

function moneyOf(amount: { currency_code: string; value: string }, res: ApiAnswer): Money {
  if (!isCurrencyCode(amount.currency_code))
    throw malformed(`an amount Soko does not know (${amount.currency_code})`, res)
  try {
    return { amount: fromDecimal(amount.value, amount.currency_code), currency: amount.currency_code }
  } catch (error) {
    throw malformed(error instanceof Error ? error.message : 'an amount Soko cannot read', res)
  }
}
