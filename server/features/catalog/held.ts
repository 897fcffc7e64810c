import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { HOLDING_STATUSES } from '../../../contract/checkout.constants'
import type { DbOrTx } from '../../db/client'
import { memberships, orderLines, orders } from '../../db/schema'

// What the storefront shows as left of a product: its stock less what orders hold (HOLDING_STATUSES).
// Checkout counts the same under the product's lock when it places an order (checkout/orders.ts).

/** How many of each item (variant, ticket type) of a product holding orders have. */
export async function heldByItem(db: DbOrTx, productId: string): Promise<Map<string, number>> {
  return (await heldByProduct(db, [productId])).get(productId) ?? new Map()
}

/** For each of these products, how many of each item holding orders have: one query for a whole list. */
export async function heldByProduct(
  db: DbOrTx,
  productIds: string[],
): Promise<Map<string, Map<string, number>>> {
  const byProduct = new Map<string, Map<string, number>>()
  if (productIds.length === 0) return byProduct
  const rows = await db
    .select({
      productId: orderLines.productId,
      key: orderLines.itemKey,
      held: sql<string>`sum(${orderLines.quantity})::text`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        inArray(orderLines.productId, productIds),
        inArray(orders.status, [...HOLDING_STATUSES]),
        // A line refunded on its own gives its stock back while the rest of its order stays paid.
        isNull(orderLines.refundedAt),
      ),
    )
    .groupBy(orderLines.productId, orderLines.itemKey)
  for (const row of rows) {
    const items = byProduct.get(row.productId) ?? new Map<string, number>()
    items.set(row.key, Number(row.held))
    byProduct.set(row.productId, items)
  }
  return byProduct
}

/**
 * How many places of each tier of a membership are taken: its members whose membership has not ended (in
 * their tier, and in the tier they change to from their next period), and first payments being paid for
 * (their order names the tier). Renewals hold nothing: their member counts.
 */
export async function membersHeld(db: DbOrTx, productId: string): Promise<Map<string, number>> {
  const [live, moving, joining] = await Promise.all([
    db
      .select({ key: memberships.tierId, n: sql<number>`count(*)::int` })
      .from(memberships)
      .where(and(eq(memberships.productId, productId), ne(memberships.status, 'ended')))
      .groupBy(memberships.tierId),
    // Members who changed to a tier from their next period hold a place in it already.
    db
      .select({ key: sql<string>`${memberships.nextTier} ->> 'tierId'`, n: sql<number>`count(*)::int` })
      .from(memberships)
      .where(
        and(
          eq(memberships.productId, productId),
          ne(memberships.status, 'ended'),
          sql`${memberships.nextTier} is not null`,
        ),
      )
      .groupBy(sql`${memberships.nextTier} ->> 'tierId'`),
    db
      .select({ key: orders.itemKey, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.productId, productId), eq(orders.status, 'pending'), ne(orders.itemKey, '')))
      .groupBy(orders.itemKey),
  ])
  const held = new Map<string, number>()
  for (const row of [...live, ...moving, ...joining])
    held.set(row.key, (held.get(row.key) ?? 0) + Number(row.n))
  return held
}
