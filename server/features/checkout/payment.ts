import { and, eq, lt, sql } from 'drizzle-orm'
import type { Order } from '../../../contract/checkout.contract'
import { CHECKOUT } from '../../../contract/errors/checkout'
import type { Lang } from '../../../contract/i18n'
import type { MembershipItem } from '../../db/columns.types'
import { orders } from '../../db/schema'
import { clock, dbNow } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import type { ChargeNext, ChargeRef, ChargeRequest, PaymentProvider } from '../../payments/provider'
import type { CheckoutServices } from './deps'
import { orderViewContext, viewOrder } from './order-view'
import type { OrderRow } from './orders'
import { settle } from './settle'

/**
 * An order's payment through its provider: starting it, asking about it when its callback is late, and
 * closing it. The provider is the order's method's; nothing here knows which one that is.
 */

function providerOf(
  deps: Pick<CheckoutServices, 'gateway'>,
  order: Pick<OrderRow, 'method'>,
): PaymentProvider {
  const provider = order.method === 'free' ? undefined : deps.gateway.providers[order.method]
  if (!provider) throw new Error(`no payment provider for ${order.method}`)
  return provider
}

/** An order's charge as its provider knows it. */
export function chargeOf(order: OrderRow): ChargeRef {
  return {
    id: order.id,
    providerRef: order.providerRef ?? '',
    amount: { amount: order.chargeAmount, currency: order.chargeCurrency },
  }
}

/** Asks the order's provider to take the payment, and keeps its reference for the callbacks to come. */
export async function startPayment(
  deps: CheckoutServices,
  order: OrderRow,
  phone: string | null,
  title: string,
): Promise<ChargeNext> {
  const started = await providerOf(deps, order).startCharge({
    id: order.id,
    reference: order.reference,
    amount: chargeOf(order).amount,
    description: title,
    email: order.buyerEmail,
    phone,
    expiresAt: order.expiresAt,
    // A membership's payments keep the card: its renewals are charged to it. Its first payment by PayPal
    // is a subscription, which PayPal bills again each period.
    ...(order.kind === 'membership' ? { saveForLater: true } : {}),
    ...(order.kind === 'membership' && order.item.membership && !order.item.membership.membershipId
      ? { recurring: recurringOf(order.item.membership, order.chargeCurrency) }
      : {}),
  })
  await deps.db
    .update(orders)
    .set({ providerRef: started.providerRef, payment: started.details, updatedAt: clock.now() })
    .where(eq(orders.id, order.id))
  return started.next
}

/** A membership's first payment as its provider is asked for it: each period, after any free trial. */
function recurringOf(
  item: MembershipItem,
  chargeCurrency: OrderRow['chargeCurrency'],
): NonNullable<ChargeRequest['recurring']> {
  if (!item.trial) return { interval: item.interval }
  const then = { amount: item.trial.chargeAmount, currency: chargeCurrency }
  return { interval: item.interval, trial: { days: item.trial.days, then } }
}

export async function orderView(
  deps: Pick<CheckoutServices, 'db' | 'gateway'>,
  orderId: string,
  /** The reader's language (an RPC's ctx.lang), for the words Soko stored on the order. */
  lang?: Lang,
): Promise<Order> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, orderId))
  if (!row) throw new AppError(404, CHECKOUT.noSuchOrder)
  return viewOrder(deps.db, row, orderViewContext(deps.gateway, lang))
}

/** Gives up a waiting order (the buyer's choice, or its hold ran out); what it held is free again. */
export async function closeOrder(
  deps: CheckoutServices,
  orderId: string,
  status: 'cancelled' | 'expired',
): Promise<OrderRow | null> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, orderId))
  if (row?.status !== 'pending') return row ?? null
  // Closed at the provider first where it can be, so it cannot be paid after we let go of the stock.
  const provider = row.method === 'free' ? null : providerOf(deps, row)
  if (provider?.cancelCharge && row.providerRef)
    await provider.cancelCharge(chargeOf(row)).catch((error) => {
      deps.log.warn('could not close the charge at its provider', { orderId, method: row.method, error })
    })
  const [updated] = await deps.db
    .update(orders)
    .set({ status, updatedAt: clock.now() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning()
  return updated ?? (await deps.db.select().from(orders).where(eq(orders.id, orderId)))[0] ?? null
}

/**
 * Asks the provider about a waiting order now, and settles it from the answer (PayPal: an approved order
 * is captured here). For the payer's return from the provider and its approval webhook.
 */
export async function checkNow(deps: CheckoutServices, order: OrderRow) {
  if (order.status !== 'pending' || !order.providerRef || order.method === 'free') return
  const answer = await providerOf(deps, order).checkCharge(chargeOf(order))
  if (answer.state === 'settled')
    await settle(deps, {
      provider: order.method,
      eventKey: answer.eventKey,
      orderId: order.id,
      outcome: answer.outcome,
    })
  else if (answer.state === 'expired') await closeOrder(deps, order.id, 'expired')
}

/**
 * Asks the provider about a waiting order whose callback or webhook is late, and settles it from the
 * answer. At most once per 10 s per order across every instance (the conditional update claims the turn).
 */
export async function checkPending(
  deps: CheckoutServices,
  orderId: string,
  opts: { minAgeMs?: number } = {},
) {
  const [claimed] = await deps.db
    .update(orders)
    .set({ checkedAt: clock.now() })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'pending'),
        sql`${orders.providerRef} is not null`,
        lt(orders.createdAt, new Date(clock.ms() - (opts.minAgeMs ?? 15_000))),
        sql`(${orders.checkedAt} is null or ${orders.checkedAt} < ${dbNow()} - interval '10 seconds')`,
      ),
    )
    .returning()
  if (!claimed) return
  try {
    await checkNow(deps, claimed)
  } catch (error) {
    deps.log.warn('status check failed; the next check will try again', {
      orderId,
      method: claimed.method,
      error,
    })
  }
}

/** Closes waiting orders whose hold has run out, asking the provider first so a late payment is not lost. */
export async function expireOrders(deps: CheckoutServices, limit = 50): Promise<number> {
  const due = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, clock.now())))
    .limit(limit)
  let closed = 0
  for (const order of due) {
    await checkPending(deps, order.id, { minAgeMs: 0 })
    const after = await closeOrder(deps, order.id, 'expired')
    if (after?.status === 'expired') closed++
  }
  return closed
}
