import { randomBytes } from 'node:crypto'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { HOLDING_STATUSES } from '../../../contract/checkout.constants'
import type { DbOrTx } from '../../db/client'
import { orderLines, orders } from '../../db/schema'

export type OrderRow = typeof orders.$inferSelect

export type { Tx } from '../../db/client'

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** `SK` and 8 letters and digits with no 0/O or 1/I to confuse: fits M-Pesa's 12-character account reference. */
export function newReference(): string {
  const bytes = randomBytes(8)
  return `SK${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`
}

/** How many of one item (variant, ticket type) holding orders' lines have, leaving out order `except`. */
export async function heldQuantity(tx: DbOrTx, productId: string, itemKey: string, except?: string) {
  const [row] = await tx
    .select({ held: sql<string>`coalesce(sum(${orderLines.quantity}), 0)::text` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.productId, productId),
        eq(orderLines.itemKey, itemKey),
        inArray(orders.status, [...HOLDING_STATUSES]),
        isNull(orderLines.refundedAt),
        except ? sql`${orders.id} <> ${except}` : undefined,
      ),
    )
  return Number(row?.held ?? 0)
}

/** Booked (or being booked) times of a service, leaving out order `except`. */
export async function takenSlots(tx: DbOrTx, productId: string, except?: string) {
  return (await takenSlotsByProduct(tx, [productId], except)).get(productId) ?? []
}

/** Booked (or being booked) times of several services at once, by product: one query for a whole list. */
export async function takenSlotsByProduct(db: DbOrTx, productIds: string[], except?: string) {
  const byProduct = new Map<string, { start: string; end: string }[]>()
  if (productIds.length === 0) return byProduct
  const rows = await db
    .select({ productId: orderLines.productId, item: orderLines.item })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        inArray(orderLines.productId, productIds),
        inArray(orders.status, [...HOLDING_STATUSES]),
        isNull(orderLines.refundedAt),
        except ? sql`${orders.id} <> ${except}` : undefined,
      ),
    )
  for (const row of rows)
    if (row.item.slot) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row.item.slot])
  return byProduct
}
