import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type * as Column from './columns.types'

/**
 * What an order bought, line by line: each line one product (its variant, ticket type or slot), how many,
 * at what price, and its share of the order's shipping and discount. The order holds the totals, the buyer,
 * the payment and the status, which every line shares; the lines hold what stock, seats and times the order
 * takes and what it delivers. An order has at least one line; the first (position 0) is also the order's
 * own `product_id`, `kind`, `item`, `item_key` and `quantity`, kept for the readers of one-product orders.
 * The lines' totals add up to the order's total.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id').notNull(),
    /** 0, 1, 2…: the order the buyer sees them in. */
    position: integer('position').notNull(),
    productId: uuid('product_id').notNull(),
    kind: text('kind').$type<Column.ProductKind>().notNull(),
    /** The variant, ticket type or slot bought, with the title and unit price as they were. */
    item: jsonb('item').$type<Column.OrderItem>().notNull(),
    /** What stock or capacity the line holds: a variant or ticket type id, a slot's start; '' for none. */
    itemKey: text('item_key').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** In minor units of the order's currency. */
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    /** unit price × quantity. */
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    shippingFee: bigint('shipping_fee', { mode: 'number' }).notNull().default(0),
    /** The refund returning this line (on its way or done), and when the money was back: then it holds nothing. */
    refundId: uuid('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The line's share of what a code (or a bundle's price) took off. */
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    /** subtotal + shipping − discount: what the buyer pays for this line. */
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    index('order_lines_holds_idx').on(t.productId, t.itemKey),
    check('order_lines_quantity_check', sql`${t.quantity} >= 1`),
    check(
      'order_lines_amounts_check',
      sql`${t.total} >= 0 and ${t.total} = ${t.subtotal} + ${t.shippingFee} - ${t.discount}`,
    ),
  ],
)
