import { and, eq, ne } from 'drizzle-orm'
import { CATALOG, CATALOG_FIELD } from '../../../contract/errors/catalog'
import { formatMoney } from '../../../contract/format-money'
import type { Money } from '../../../contract/money'
import type { DbOrTx } from '../../db/client'
import type { ProductUpsell } from '../../db/columns.types'
import { products } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { ProductRow } from './catalog.service'
import { onSale } from './listed'

/**
 * A product's offer at checkout ("Add {other product} for KES X (instead of Y)"): another of the same
 * seller's products, digital (its files reach the buyer with the order, with no address or time to
 * choose), in the same currency, for less than its own price. Checked when the seller sets it, and again
 * whenever a checkout shows or takes it: an offer whose product went off sale or up for less is not made.
 */

/** The offer a seller asks to set, checked: `undefined` leaves the product's as it is, `null` removes it. */
export async function checkedUpsell(
  db: DbOrTx,
  row: ProductRow,
  input: { productId: string; price: Money } | null | undefined,
): Promise<ProductUpsell | null | undefined> {
  if (input === undefined || input === null) return input
  const refuse = (field: 'productId' | 'price', message: object) =>
    new AppError(400, CATALOG.upsellRefused, { fields: { [`upsell.${field}`]: message as never } })
  if (input.productId === row.id) throw refuse('productId', CATALOG_FIELD.upsellNotSelf)
  const [offered] = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.id, input.productId),
        eq(products.sellerId, row.sellerId),
        ne(products.status, 'archived'),
      ),
    )
  if (offered?.kind !== 'digital') throw refuse('productId', CATALOG_FIELD.upsellDigital)
  if (input.price.currency !== row.priceCurrency || offered.priceCurrency !== row.priceCurrency)
    throw refuse('price', { ...CATALOG_FIELD.upsellCurrency, params: { currency: row.priceCurrency } })
  if (input.price.amount >= offered.priceAmount)
    throw refuse('price', {
      ...CATALOG_FIELD.upsellBelowPrice,
      params: { price: formatMoney(offered.priceAmount, offered.priceCurrency, 'en') },
    })
  return { productId: offered.id, price: input.price.amount }
}

/** A product's offer as a checkout makes it now: the offered product on sale, still for more than the offer. */
export interface UpsellOffer {
  product: ProductRow
  price: Money
  listPrice: Money
}

/** The offer `row`'s checkout makes now, or null (none set, or its product off sale, changed or cheaper). */
export async function upsellOffer(
  db: DbOrTx,
  row: ProductRow,
  opts: { lock?: boolean } = {},
): Promise<UpsellOffer | null> {
  const upsell = row.upsell
  if (!upsell) return null
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, upsell.productId), eq(products.sellerId, row.sellerId), onSale))
  const [offered] = opts.lock ? await query.for('update') : await query
  if (
    offered?.kind !== 'digital' ||
    offered.priceCurrency !== row.priceCurrency ||
    upsell.price >= offered.priceAmount
  )
    return null
  return {
    product: offered,
    price: { amount: upsell.price, currency: row.priceCurrency },
    listPrice: { amount: offered.priceAmount, currency: offered.priceCurrency },
  }
}
