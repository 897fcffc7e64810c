import { inArray } from 'drizzle-orm'
import { CHECKOUT, CHECKOUT_FIELD } from '../../../contract/errors/checkout'
import type { Tx } from '../../db/client'
import { products } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { UpsellOffer } from '../catalog'
import type { OrderLineRow } from './order-lines'

/** A product's offer taken at checkout: its line, the locks it adds, and the answer when it has ended. */

/** The offer asked for is no longer made (its product off sale, its price changed, the offer removed). */
export const offerGone = () =>
  new AppError(409, CHECKOUT.offerGone, { fields: { upsell: CHECKOUT_FIELD.offerGone } })

/**
 * Locks the rows of the products an order takes, in the order of their ids: two checkouts taking the same
 * products (one's offer the other's product) wait for each other instead of each holding one lock.
 */
export async function lockProducts(tx: Tx, ids: string[]) {
  const sorted = [...new Set(ids)].sort()
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, sorted))
    .orderBy(products.id)
    .for('update')
}

/** An offer's line: one of the offered product at the offer's price, its own price kept beside it. */
export function offerLine(orderId: string, offer: UpsellOffer, timeZone: string | null): OrderLineRow {
  const price = offer.price.amount
  return {
    orderId,
    position: 1,
    productId: offer.product.id,
    kind: offer.product.kind,
    item: {
      title: offer.product.title,
      unitPrice: price,
      label: offer.product.title,
      timeZone,
      upsellOf: { listPrice: offer.listPrice.amount },
    },
    itemKey: '',
    quantity: 1,
    unitPrice: price,
    subtotal: price,
    shippingFee: 0,
    discount: 0,
    total: price,
    refundId: null,
    refundedAt: null,
  }
}
