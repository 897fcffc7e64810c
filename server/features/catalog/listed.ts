import { and, eq, sql } from 'drizzle-orm'
import { products, sellers, users } from '../../db/schema'

/**
 * Whether a storefront is shown: its owner is still a seller and no admin has suspended them. A suspended
 * seller's products leave every public list and page, and cannot be bought, until they are reinstated.
 */
export const sellerListed = sql`exists (select 1 from ${users} where ${users.id} = ${sellers.userId} and ${users.suspendedAt} is null and 'seller' = any(${users.roles}))`

/** A product anyone can see and buy: published, by a listed seller. */
export const onSale = and(
  eq(products.status, 'published'),
  sql`exists (select 1 from ${users} where ${users.id} = ${products.sellerId} and ${users.suspendedAt} is null and 'seller' = any(${users.roles}))`,
)
