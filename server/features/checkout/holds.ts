import { eq, sql } from 'drizzle-orm'
import { CHECKOUT, CHECKOUT_FIELD } from '../../../contract/errors/checkout'
import type { DbOrTx, Tx } from '../../db/client'
import { orderLines, orders } from '../../db/schema'
import type { Config } from '../../env'
import { SoldOutError } from '../../lib/checkout-line'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import type { ProductRow } from '../catalog'
import { lineHolds } from './order-lines'
import { heldQuantity } from './orders'
import type { Priced } from './pricing'

/**
 * What a checkout may take: the stock, seats or time left of an item, counted from the lines of the orders
 * that hold them, and the units one buyer may hold unpaid.
 */

/**
 * One buyer may hold only so many units of a product in orders not yet paid, so that nobody can take an
 * event's seats or a shop's stock off sale by starting checkouts they never pay. Counted under the
 * product's row lock (`holdsOf`), so the count cannot go stale.
 */
export function assertBuyerMayHold(limits: Config['checkoutLimits'], holds: Holds, quantity: number) {
  const most = limits.unitsHeldPerBuyer
  if (quantity > most)
    throw new AppError(400, CHECKOUT.atMostAtOnce, {
      params: { most },
      fields: { quantity: { ...CHECKOUT_FIELD.atMostAtOnce, params: { most } } },
    })
  const units = holds.buyerUnits
  if (units + quantity <= most) return
  const retryAfter = Math.max(1, Math.ceil((Date.parse(holds.buyerUntil ?? '') - clock.ms()) / 1000) || 1)
  const minutes = retryAfter >= 90
  throw new AppError(429, minutes ? CHECKOUT.heldWaitMinutes : CHECKOUT.heldWaitSeconds, {
    params: { units, most, ...(minutes ? { minutes: Math.ceil(retryAfter / 60) } : { seconds: retryAfter }) },
    fields: {
      quantity:
        units < most
          ? { ...CHECKOUT_FIELD.moreWhileUnpaid, params: { more: most - units } }
          : CHECKOUT_FIELD.payUnpaidFirst,
    },
    retryAfter,
  })
}

/**
 * Refuses a quantity more than is left of an item: "Sold out" when none is (which the checkout line tells
 * everyone waiting for the item), else how many are left.
 */
export function assertLeft(kind: ProductRow['kind'], priced: Priced, held: number) {
  if (priced.capacity === null || kind === 'service') return
  const left = priced.capacity - held
  if (left >= priced.quantity) return
  const field = kind === 'merch' ? 'variantId' : 'ticketTypeId'
  if (left <= 0) throw new SoldOutError(field, priced.itemKey)
  throw new AppError(409, CHECKOUT.onlyLeft, {
    params: { left },
    fields: { [priced.quantity > 1 ? 'quantity' : field]: { ...CHECKOUT_FIELD.onlyLeft, params: { left } } },
  })
}

/** Units of an item held by orders waiting for payment, paid or being refunded (no lock: see startCheckout). */
export function heldOf(db: DbOrTx, productId: string, itemKey: string): Promise<number> {
  return heldQuantity(db, productId, itemKey)
}

export interface Holds {
  /** Units of this item held by orders waiting for payment, paid or being refunded. */
  held: number
  /** Units of this product the buyer has in orders waiting for payment, and when the first lapses. */
  buyerUnits: number
  buyerUntil: string | null
}

/**
 * What holds a product's stock, for the item and for the buyer, in one read of the orders' lines (under the
 * product's lock).
 */
export async function holdsOf(tx: Tx, productId: string, itemKey: string, buyerId: string): Promise<Holds> {
  const holding = lineHolds()
  const mine = sql`${orders.buyerId} = ${buyerId} and ${orders.status} = 'pending'`
  const [row] = await tx
    .select({
      held: sql<string>`coalesce(sum(${orderLines.quantity}) filter (where ${orderLines.itemKey} = ${itemKey} and ${holding}), 0)::text`,
      buyerUnits: sql<string>`coalesce(sum(${orderLines.quantity}) filter (where ${mine}), 0)::text`,
      buyerUntil: sql<
        string | null
      >`to_char(min(${orders.expiresAt}) filter (where ${mine}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orderLines.productId, productId))
  return {
    held: Number(row?.held ?? 0),
    buyerUnits: Number(row?.buyerUnits ?? 0),
    buyerUntil: row?.buyerUntil ?? null,
  }
}
