import { asc, eq, sql } from 'drizzle-orm'
import { HOLDING_STATUSES } from '../../../contract/checkout.constants'
import type { DbOrTx } from '../../db/client'
import { orderLines, orders } from '../../db/schema'
import type { OrderRow } from './orders'

export type OrderLineRow = typeof orderLines.$inferSelect

/**
 * An order's lines: what it bought, one product each. The order row keeps the totals and, for its first
 * line, the product and item too; every stock, seat and time an order takes is read from its lines.
 */

/** The one line of an order of one product: its product, item and figures, as the order has them. */
export function onlyLine(order: OrderRow): OrderLineRow {
  return {
    orderId: order.id,
    position: 0,
    productId: order.productId,
    kind: order.kind,
    item: order.item,
    itemKey: order.itemKey,
    quantity: order.quantity,
    unitPrice: order.item.unitPrice,
    subtotal: order.subtotal,
    shippingFee: order.shippingFee,
    discount: order.discount,
    total: order.total,
    refundId: null,
    refundedAt: null,
  }
}

/** Writes an order's lines, in the transaction that places it. */
export async function insertLines(tx: DbOrTx, lines: OrderLineRow[]) {
  if (lines.length > 0) await tx.insert(orderLines).values(lines)
}

/** An order's lines, in their order. */
export function linesOf(db: DbOrTx, orderId: string): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position))
}

/**
 * The condition "the line holds stock": its order waits for payment, is paid or being refunded, and the
 * line was not refunded on its own.
 */
export const lineHolds = () =>
  sql`${orders.status} in (${sql.join(
    HOLDING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )}) and ${orderLines.refundedAt} is null`
