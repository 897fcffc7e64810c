import { and, eq, inArray } from 'drizzle-orm'
import type { MembershipDetails } from '../../../contract/catalog.contract'
import type { DbOrTx } from '../../db/client'
import { memberships, products } from '../../db/schema'

/**
 * The files a membership gives its member, by the order that started it (the library lists that order):
 * its tier's files, while the membership lasts — active, or behind on a payment within the grace. A paused
 * or ended membership gives none; a member who changed tier has the files of the tier they are in now.
 */
export async function memberFiles(
  db: DbOrTx,
  orderIds: string[],
): Promise<Map<string, { productId: string; files: string[] }>> {
  const found = new Map<string, { productId: string; files: string[] }>()
  if (orderIds.length === 0) return found
  const rows = await db
    .select({
      orderId: memberships.firstOrderId,
      productId: memberships.productId,
      tierId: memberships.tierId,
      details: products.details,
    })
    .from(memberships)
    .innerJoin(products, eq(products.id, memberships.productId))
    .where(
      and(inArray(memberships.firstOrderId, orderIds), inArray(memberships.status, ['active', 'past_due'])),
    )
  for (const row of rows) {
    const tier = (row.details as MembershipDetails).tiers?.find((t) => t.id === row.tierId)
    if (row.orderId) found.set(row.orderId, { productId: row.productId, files: tier?.files ?? [] })
  }
  return found
}
