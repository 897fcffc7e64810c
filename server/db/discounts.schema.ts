import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { CurrencyCode } from '../../contract/currencies'
import { at, createdAt, updatedAt } from './columns'
import { users } from './users.schema'

/**
 * A seller's discount codes. A code is used by an order that carries it (`orders.discount_code_id`): its
 * uses are the orders holding or having paid with it, counted under the code's row lock when an order is
 * placed, so a limit is never passed however many buyers try at once.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As the seller wrote it (`NAIROBI20`); matched without regard to case. */
    code: text('code').notNull(),
    /** `percent` (of the order's price) or `amount` (a fixed amount in each currency the seller set). */
    kind: text('kind').$type<'percent' | 'amount'>().notNull(),
    /** Percent codes: hundredths of a percent (2000 = 20 %). */
    percentBps: integer('percent_bps'),
    /** Amount codes: the minor units taken off in each currency (`{"KES": 30000}`). */
    amounts: jsonb('amounts').$type<Partial<Record<CurrencyCode, number>>>(),
    /** The products it is for; null for all the seller's. */
    productIds: uuid('product_ids').array(),
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    /** Uses in all, and per buyer; null for no limit. */
    maxUses: integer('max_uses'),
    maxPerBuyer: integer('max_per_buyer'),
    /** The least an order must come to (before the discount) in each currency for the code to apply. */
    minimums: jsonb('minimums').$type<Partial<Record<CurrencyCode, number>>>(),
    paused: boolean('paused').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_seller_code_key').on(t.sellerId, sql`lower(${t.code})`),
    index('discount_codes_seller_idx').on(t.sellerId, t.createdAt),
    check('discount_codes_kind_check', sql`${t.kind} in ('percent', 'amount')`),
    check(
      'discount_codes_value_check',
      sql`(${t.kind} = 'percent' and ${t.percentBps} between 1 and 10000) or (${t.kind} = 'amount' and ${t.amounts} is not null)`,
    ),
  ],
)
