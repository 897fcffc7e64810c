import { and, eq, sql } from 'drizzle-orm'
import type { PaymentMethod } from '../../../contract/checkout.constants'
import { orders, refunds } from '../../db/schema'
import { clock } from '../../lib/clock'
import {
  type ChargeTarget,
  type PaymentEvents,
  type TransferTarget,
  transferMatches,
} from '../../payments/provider'
import type { CheckoutServices } from './deps'
import type { OrderRow } from './orders'
import { checkNow, closeOrder } from './payment'
import { completeRefund, failRefund, refundMismatch } from './refunds'
import { settle } from './settle'

/** Orders that can no longer take a payment by their reference (Paybill). */
const NOT_PAYABLE = ['paid', 'refunding', 'refunded', 'cancelled']

/**
 * What the providers' verified messages mean for orders and their refunds. A message is applied only to
 * an order (or refund) of the provider's own method whose references match: a forged or misrouted message
 * changes nothing and is logged.
 */
export function orderEvents(deps: CheckoutServices): PaymentEvents {
  const { db, log } = deps

  async function findOrder(method: PaymentMethod, target: ChargeTarget): Promise<OrderRow | null> {
    const where =
      'id' in target
        ? eq(orders.id, target.id)
        : 'providerRef' in target
          ? and(eq(orders.method, method), eq(orders.providerRef, target.providerRef))
          : and(eq(orders.method, method), eq(orders.reference, target.reference))
    const [row] = await db.select().from(orders).where(where)
    const mismatch =
      !row ||
      row.method !== method ||
      ('providerRef' in target && target.providerRef !== undefined && row.providerRef !== target.providerRef)
    if (!mismatch) return row
    log.warn('a payment message names no order of its method', { method, target })
    return null
  }

  async function findRefund(method: PaymentMethod, target: TransferTarget) {
    let where: ReturnType<typeof eq> | undefined
    if ('id' in target) where = eq(refunds.id, target.id)
    else {
      const charge =
        'chargeProviderRef' in target
          ? eq(orders.providerRef, target.chargeProviderRef)
          : sql`coalesce(${orders.payment}->>'paymentIntent', ${orders.payment}->>'receipt') = ${target.chargeReceipt}`
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.method, method), charge))
      if (!order) return null
      where = eq(refunds.orderId, order.id)
    }
    const [refund] = await db.select().from(refunds).where(where)
    if (!refund || refund.method !== method) return null
    // A result naming another conversation than the refund's own is not about this refund.
    if ('id' in target && target.providerRef && refund.providerRef !== target.providerRef) return null
    return refund
  }

  return {
    async charge(method, target, eventKey, outcome, payload) {
      const order = await findOrder(method, target)
      if (!order) {
        // Money that came with no order to match (a Paybill payment with a mistyped account number) is in
        // the provider's account: someone must match it by hand.
        if ('reference' in target && outcome.kind === 'paid')
          log.error('a payment arrived for an unknown reference: match it by hand', {
            method,
            target,
            eventKey,
          })
        return
      }
      await settle(deps, { provider: method, eventKey, orderId: order.id, outcome, payload })
    },

    async closed(method, target, why) {
      const order = await findOrder(method, target)
      if (!order) return
      // A charge our own cancel closed at the provider reports itself expired, and may beat the cancel here:
      // before the order's hold has run out, "expired" is left to the cancel (or, failing that, the sweep).
      if (why === 'expired' && order.expiresAt.getTime() > clock.ms()) return
      await closeOrder(deps, order.id, why)
    },

    async approved(method, target) {
      const order = await findOrder(method, target)
      if (order) await checkNow(deps, order)
    },

    async expected(method, reference) {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.method, method), eq(orders.reference, reference)))
      if (!order || NOT_PAYABLE.includes(order.status)) return null
      return { amount: order.chargeAmount, currency: order.chargeCurrency, exact: true }
    },

    async transfer(method, target, state) {
      const refund = await findRefund(method, target)
      if (!refund) {
        log.warn('a transfer result names no refund of its method', { method, target })
        return
      }
      const sent = { amount: refund.amount, currency: refund.currency }
      if (!transferMatches(state, sent)) {
        await refundMismatch(deps, `refund ${refund.id} of order ${refund.orderId}`, sent, state)
        return
      }
      if (state.state === 'done') await completeRefund(deps, refund.id, state.providerRef)
      else if (state.state === 'failed') await failRefund(deps, refund.id, state.message)
    },
  }
}
