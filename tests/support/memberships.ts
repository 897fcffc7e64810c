import { and, desc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../server/db/client'
import { memberships, orders } from '../../server/db/schema'

/** A member's membership (of one product when given), the newest; fails the test when there is none. */
export async function membershipRow(db: DbOrTx, memberId: string, productId?: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(
      and(eq(memberships.memberId, memberId), productId ? eq(memberships.productId, productId) : undefined),
    )
    .orderBy(desc(memberships.createdAt))
    .limit(1)
  if (!row) throw new Error('no membership')
  return row
}

/** The renewal orders of a membership (its first order aside): the periods it was asked to pay. */
export function renewalOrders(db: DbOrTx, membershipId: string) {
  return db
    .select()
    .from(orders)
    .where(sql`${orders.item} -> 'membership' ->> 'membershipId' = ${membershipId}`)
}
