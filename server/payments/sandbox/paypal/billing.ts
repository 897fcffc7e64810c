import { clock } from '../../../lib/clock'
import { periodEnd } from '../../../lib/membership-periods'
import type { SandboxStore } from '../store'
import { amountOf, captureFee, toValue } from './money'
import { type Link, type PaypalContext, paypalId } from './rest'

/**
 * The records of PayPal's subscriptions in the sandbox, and their billing: a subscription bills its plan's
 * price once per cycle, from its activation (or from the end of its free trial), on PayPal's schedule (the same day each month or year, the
 * month's last day when it is shorter). A payer who chose the funding source that is declined on renewals
 * pays the first cycle and fails the next ones: the amount joins the outstanding balance, and PayPal sends
 * BILLING.SUBSCRIPTION.PAYMENT.FAILED. A paid cycle is a sale (PAYMENT.SALE.COMPLETED). The sandbox does not
 * retry a failed cycle by itself (PayPal does, every 5 days, twice per cycle): the merchant captures the
 * outstanding balance when it wants to try again.
 */

export type Unit = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'

export interface Sale {
  id: string
  minor: number
  refunded: number
  time: string
}

export interface SubscriptionRecord extends Record<string, unknown> {
  id: string
  planId: string
  productName: string
  status: 'APPROVAL_PENDING' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED'
  customId: string | null
  currency: string
  /** The plan's price per cycle, in minor units. */
  price: number
  unit: Unit
  count: number
  /** A free trial of this many days from activation, before the first cycle is billed; null without. */
  trialDays?: number | null
  /** When the regular cycles began (a trial's end), which their days follow; null: at activation. */
  regularStart?: string | null
  returnUrl: string | null
  cancelUrl: string | null
  /** The approval page's token (`BA-…`). */
  token: string
  /** The payer chose the funding source that is declined after the first payment. */
  declineRenewals: boolean
  startTime: string | null
  nextBilling: string | null
  cyclesCompleted: number
  failedPayments: number
  lastFailed: string | null
  outstanding: number
  sales: Sale[]
  createTime: string
  updateTime: string
  statusTime: string
}

export const loadSubscription = (store: SandboxStore, id: string | undefined) =>
  id ? store.get<SubscriptionRecord>('paypal', `subscription:${id}`) : Promise.resolve(null)

/** The next billing time after `from`, `count` units on (months kept to their day, as periods are). */
export function nextCycle(from: Date, start: Date, unit: Unit, count: number): Date {
  if (unit === 'DAY' || unit === 'WEEK')
    return new Date(from.getTime() + count * (unit === 'DAY' ? 1 : 7) * 86_400_000)
  let at = from
  for (let i = 0; i < count; i++) at = periodEnd(at, start.getUTCDate(), unit === 'MONTH' ? 'month' : 'year')
  return at
}

/** The subscription as PayPal's GET answers it. */
export function subscriptionView(base: string, r: SubscriptionRecord) {
  const self = `${base}/v1/billing/subscriptions/${r.id}`
  const last = r.sales.at(-1)
  const links: Link[] =
    r.status === 'APPROVAL_PENDING'
      ? [
          { href: approvalUrl(base, r.token), rel: 'approve', method: 'GET' },
          { href: self, rel: 'edit', method: 'PATCH' },
          { href: self, rel: 'self', method: 'GET' },
        ]
      : [
          { href: `${self}/cancel`, rel: 'cancel', method: 'POST' },
          { href: `${self}/capture`, rel: 'capture', method: 'POST' },
          { href: self, rel: 'self', method: 'GET' },
        ]
  return {
    id: r.id,
    plan_id: r.planId,
    status: r.status,
    status_update_time: r.statusTime,
    ...(r.customId ? { custom_id: r.customId } : {}),
    ...(r.startTime ? { start_time: r.startTime } : {}),
    quantity: '1',
    ...(r.startTime ? { subscriber: SUBSCRIBER } : {}),
    ...(r.status === 'APPROVAL_PENDING'
      ? {}
      : {
          billing_info: {
            outstanding_balance: amountOf(r.outstanding, r.currency),
            cycle_executions: [
              ...(r.trialDays
                ? [
                    {
                      tenure_type: 'TRIAL',
                      sequence: 1,
                      cycles_completed: r.cyclesCompleted > 0 ? 1 : 0,
                      cycles_remaining: r.cyclesCompleted > 0 ? 0 : 1,
                      total_cycles: 1,
                    },
                  ]
                : []),
              {
                tenure_type: 'REGULAR',
                sequence: r.trialDays ? 2 : 1,
                cycles_completed: r.cyclesCompleted,
                cycles_remaining: 0,
                current_pricing_scheme_version: 1,
                total_cycles: 0,
              },
            ],
            ...(last ? { last_payment: { amount: amountOf(last.minor, r.currency), time: last.time } } : {}),
            ...(r.nextBilling && r.status === 'ACTIVE' ? { next_billing_time: r.nextBilling } : {}),
            failed_payments_count: r.failedPayments,
            ...(r.lastFailed
              ? {
                  last_failed_payment: {
                    amount: amountOf(r.price, r.currency),
                    time: r.lastFailed,
                    reason_code: 'PAYMENT_DENIED',
                  },
                }
              : {}),
          },
        }),
    create_time: r.createTime,
    update_time: r.updateTime,
    links,
  }
}

export const approvalUrl = (base: string, token: string) =>
  `${base}/webapps/billing/subscriptions?ba_token=${token}`

/** The sandbox buyer, as a subscription names its subscriber. */
const SUBSCRIBER = {
  email_address: 'buyer@sandbox.soko.test',
  payer_id: 'SOKOBUYER0001',
  name: { given_name: 'Sandbox', surname: 'Buyer' },
}

/** A sale as PAYMENT.SALE.COMPLETED carries it. */
export function saleView(base: string, r: SubscriptionRecord, sale: Sale) {
  return {
    id: sale.id,
    state: sale.refunded === 0 ? 'completed' : sale.refunded < sale.minor ? 'partially_refunded' : 'refunded',
    amount: {
      total: toValue(sale.minor, r.currency),
      currency: r.currency,
      details: { subtotal: toValue(sale.minor, r.currency) },
    },
    payment_mode: 'INSTANT_TRANSFER',
    protection_eligibility: 'ELIGIBLE',
    transaction_fee: { value: toValue(captureFee(sale.minor, r.currency), r.currency), currency: r.currency },
    billing_agreement_id: r.id,
    ...(r.customId ? { custom: r.customId } : {}),
    create_time: sale.time,
    update_time: sale.time,
    links: [
      { href: `${base}/v1/payments/sale/${sale.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v1/payments/sale/${sale.id}/refund`, rel: 'refund', method: 'POST' },
    ],
  }
}

/** A sale as the transactions list and a capture answer it. */
export function transactionView(r: SubscriptionRecord, sale: Sale, status = 'COMPLETED') {
  const fee = captureFee(sale.minor, r.currency)
  return {
    status,
    id: sale.id,
    amount_with_breakdown: {
      gross_amount: amountOf(sale.minor, r.currency),
      fee_amount: amountOf(fee, r.currency),
      net_amount: amountOf(sale.minor - fee, r.currency),
    },
    payer_name: { given_name: SUBSCRIBER.name.given_name, surname: SUBSCRIBER.name.surname },
    payer_email: SUBSCRIBER.email_address,
    time: sale.time,
  }
}

export const newSale = (minor: number, at: Date): Sale => ({
  id: paypalId(17),
  minor,
  refunded: 0,
  time: at.toISOString(),
})

/** Where a sale's refund finds its subscription. */
export const recordSale = (store: SandboxStore, subscriptionId: string, saleId: string) =>
  store.put('paypal', 'sale', `sale:${saleId}`, { subscriptionId })

/** A sale made: recorded for its refunds, and PAYMENT.SALE.COMPLETED sent (awaited). */
export async function announceSale(
  { store, base, notify }: Pick<PaypalContext, 'store' | 'base' | 'notify'>,
  r: SubscriptionRecord,
  sale: Sale,
) {
  await recordSale(store, r.id, sale.id)
  await notify(
    'PAYMENT.SALE.COMPLETED',
    'sale',
    saleView(base, r, sale),
    `Payment completed for ${r.currency} ${toValue(sale.minor, r.currency)}`,
  )
}

/** One due cycle billed: paid (a sale) or failed (the outstanding balance grows). Null: nothing due. */
function billCycle(r: SubscriptionRecord, now: Date): SubscriptionRecord | null {
  if (r.status !== 'ACTIVE' || !r.nextBilling || !r.startTime) return null
  const due = new Date(r.nextBilling)
  if (due > now) return null
  const next = nextCycle(due, new Date(r.regularStart ?? r.startTime), r.unit, r.count).toISOString()
  const at = now.toISOString()
  const base = { ...r, nextBilling: next, cyclesCompleted: r.cyclesCompleted + 1, updateTime: at }
  if (r.declineRenewals)
    return {
      ...base,
      failedPayments: r.failedPayments + 1,
      lastFailed: at,
      outstanding: r.outstanding + r.price,
    }
  return { ...base, sales: [...r.sales, newSale(r.price, now)] }
}

/**
 * Bills every cycle due at `now` (a subscription behind by several bills them one after another), each
 * under its record's lock so that two instances bill a cycle once, and tells the merchant of each.
 * Answers how many cycles were billed.
 */
export async function billDue({ store, base, notify }: PaypalContext, now = clock.now()): Promise<number> {
  const active = await store.list<SubscriptionRecord>('paypal', 'subscription', { status: 'ACTIVE' }, 500)
  let billed = 0
  for (const candidate of active) {
    // At most a few years of cycles at once: a subscription far behind catches up one cycle at a time.
    for (let cycle = 0; cycle < 400; cycle++) {
      const salesBefore = { count: 0 }
      const result = await store.update<SubscriptionRecord>('paypal', `subscription:${candidate.id}`, (r) => {
        salesBefore.count = r.sales.length
        return billCycle(r, now)
      })
      if (!result?.changed) break
      billed++
      const r = result.data
      const sale = r.sales.length > salesBefore.count ? r.sales.at(-1) : undefined
      if (sale) await announceSale({ store, base, notify }, r, sale)
      else
        await notify(
          'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
          'subscription',
          subscriptionView(base, r),
          `Subscription payment failed for ${r.id}`,
        )
    }
  }
  return billed
}
