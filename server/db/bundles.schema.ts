import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, currency, updatedAt } from './columns'
import { users } from './users.schema'

/**
 * A seller's bundles: several of their products (digital, tickets, merch) sold together at one price,
 * less than the parts cost alone. A bundle bought is one order with a line per part, each delivered as if
 * bought alone; the bundle's price is shared among the lines in proportion to the parts' own prices.
 */
export const bundles = pgTable(
  'bundles',
  {
    id: uuid('id').primaryKey(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** In minor units of `price_currency`, the parts' own currency. */
    priceAmount: bigint('price_amount', { mode: 'number' }).notNull(),
    priceCurrency: currency('price_currency').notNull(),
    /** `draft` (only its seller sees it) or `published` (on the storefront, for sale). */
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bundles_seller_idx').on(t.sellerId, t.createdAt),
    check('bundles_status_check', sql`${t.status} in ('draft', 'published')`),
    check('bundles_price_check', sql`${t.priceAmount} > 0`),
  ],
)

/** A bundle's parts, in the seller's order: a product and, for merch or an event, the variant or ticket type. */
export const bundleParts = pgTable(
  'bundle_parts',
  {
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** A product of the bundle's seller (the key to products is the migration's). */
    productId: uuid('product_id').notNull(),
    /** The merch variant or ticket type the part is; '' for a digital product. */
    itemKey: text('item_key').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.bundleId, t.position] }),
    index('bundle_parts_product_idx').on(t.productId),
  ],
)
