import { and, eq, inArray, lte, or, sql } from 'drizzle-orm'
import type { MembershipDetails } from '../../../contract/catalog.contract'
import type { DbOrTx } from '../../db/client'
import { membershipPosts, memberships, products } from '../../db/schema'
import { clock } from '../../lib/clock'

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

/**
 * The files of the posts a member reads, added to what a membership gives (by its first order): those of
 * published posts for every member or their tier, while the membership lasts (as `memberFiles`).
 */
export async function withPostFiles(
  db: DbOrTx,
  orderId: string,
  given: { productId: string; files: string[] },
): Promise<{ productId: string; files: string[] }> {
  const rows = await db
    .select({ fileIds: membershipPosts.fileIds })
    .from(membershipPosts)
    .innerJoin(memberships, eq(memberships.productId, membershipPosts.productId))
    .where(
      and(
        eq(memberships.firstOrderId, orderId),
        eq(membershipPosts.status, 'published'),
        lte(membershipPosts.publishedAt, clock.now()),
        sql`cardinality(${membershipPosts.fileIds}) > 0`,
        or(
          sql`cardinality(${membershipPosts.tierIds}) = 0`,
          sql`${memberships.tierId} = any(${membershipPosts.tierIds})`,
        ),
      ),
    )
  return { ...given, files: [...new Set([...given.files, ...rows.flatMap((row) => row.fileIds)])] }
}
