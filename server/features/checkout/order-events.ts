import { and, desc, eq, sql } from 'drizzle-orm'
import type { PaymentMethod } from '../../../contract/checkout.constants'
import { orders, refunds } from '../../db/schema'
import { clock } from '../../lib/clock'
import { isUuid } from '../../lib/uuid'
import type { PaymentEventOwner } from '../../payments/event-router'
import { type ChargeTarget, type TransferTarget, transferMatches } from '../../payments/provider'
import type { CheckoutServices } from './deps'
import type { OrderRow } from './orders'
import { checkNow, closeOrder } from './payment'
import { completeRefund, failRefund, refundMismatch } from './refunds'
import { settle } from './settle'

/** Orders that can no longer take a payment by their reference (Paybill). */
const NOT_PAYABLE = ['paid', 'refunding', 'refunded', 'cancelled']

/**
 * The orders' part of the providers' verified messages: a charge, a closing or an approval naming an order
 * (by our id, the provider's reference or, for Paybill, the order's reference), and what a payment to an
 * order's reference must be. A message is an order's only when the order is of the provider's own method
 * and the references match: a forged or misrouted message names nothing of ours.
 */
export function orderOwner(deps: CheckoutServices): PaymentEventOwner {
  const { db } = deps

  async function findOrder(method: PaymentMethod, target: ChargeTarget): Promise<OrderRow | null> {
    // What bills by itself (a subscription) is the memberships' to match to an order.
    if ('recurring' in target) return null
    if ('id' in target && !isUuid(target.id)) return null
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
    return mismatch ? null : row
  }

  return {
    name: 'order',

    async charge(method, target, eventKey, outcome, payload) {
      const order = await findOrder(method, target)
      if (!order) return null
      return async () => {
        await settle(deps, { provider: method, eventKey, orderId: order.id, outcome, payload })
      }
    },

    async closed(method, target, why) {
      const order = await findOrder(method, target)
      if (!order) return null
      return async () => {
        // A charge our own cancel closed at the provider reports itself expired, and may beat the cancel
        // here: before the order's hold has run out, "expired" is left to the cancel (or the sweep).
        if (why === 'expired' && order.expiresAt.getTime() > clock.ms()) return
        await closeOrder(deps, order.id, why)
      }
    },

    async approved(method, target) {
      const order = await findOrder(method, target)
      if (!order) return null
      return async () => {
        await checkNow(deps, order)
      }
    },

    async expected(method, reference) {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.method, method), eq(orders.reference, reference)))
      if (!order) return null
      return async () =>
        NOT_PAYABLE.includes(order.status)
          ? null
          : { amount: order.chargeAmount, currency: order.chargeCurrency, exact: true }
    },
  }
}

/**
 * The refunds' part: a transfer result naming a refund of an order (by the refund's id, or for card and
 * PayPal the charge it gives back), of the provider's own method.
 */
export function refundOwner(deps: CheckoutServices): PaymentEventOwner {
  const { db } = deps

  async function findRefund(method: PaymentMethod, target: TransferTarget) {
    let where: ReturnType<typeof eq> | undefined
    if ('id' in target) {
      if (!isUuid(target.id)) return null
      where = eq(refunds.id, target.id)
    } else {
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
    // An order may have had several refunds (of some lines each): the one on its way, else the latest.
    const [refund] = await db
      .select()
      .from(refunds)
      .where(where)
      .orderBy(sql`${refunds.status} = 'pending' desc`, desc(refunds.createdAt))
      .limit(1)
    if (!refund || refund.method !== method) return null
    // A result naming another conversation than the refund's own is not about this refund.
    if ('id' in target && target.providerRef && refund.providerRef !== target.providerRef) return null
    return refund
  }

  return {
    name: 'refund',

    async transfer(method, target, state) {
      const refund = await findRefund(method, target)
      if (!refund) return null
      return async () => {
        const sent = { amount: refund.amount, currency: refund.currency }
        if (!transferMatches(state, sent)) {
          await refundMismatch(deps, `refund ${refund.id} of order ${refund.orderId}`, sent, state)
          return
        }
        if (state.state === 'done') await completeRefund(deps, refund.id, state.providerRef)
        else if (state.state === 'failed') await failRefund(deps, refund.id, state.message)
      }
    },
  }
}
