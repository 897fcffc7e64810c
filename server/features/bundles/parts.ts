import { asc, eq, inArray } from 'drizzle-orm'
import type { BundleView } from '../../../contract/bundles.contract'
import type { Money } from '../../../contract/money'
import type { DbOrTx } from '../../db/client'
import { bundleParts, products } from '../../db/schema'
import { clock } from '../../lib/clock'
import { byKind, type ProductRow } from '../catalog'
import { heldOf } from '../checkout'

/**
 * A bundle's parts as they are now: each product with the variant or ticket type it is, what it costs
 * alone, how many there are, and whether it can be sold now.
 */

export interface Part {
  position: number
  itemKey: string
  row: ProductRow
}

export interface PricedPart {
  part: Part
  kind: 'digital' | 'merch' | 'event'
  label: string
  /** What it costs alone, in the product's currency. */
  price: number
  /** How many there are of it (stock, seats); null for no limit. */
  capacity: number | null
  /** An event's ticket type not sold now (the event started, or its sale is not open). */
  closed: boolean
}

/** The parts of these bundles, each with its product row, in the seller's order. */
export async function partsOf(db: DbOrTx, bundleIds: string[]): Promise<Map<string, Part[]>> {
  const byBundle = new Map<string, Part[]>()
  if (bundleIds.length === 0) return byBundle
  const rows = await db
    .select({ part: bundleParts, row: products })
    .from(bundleParts)
    .innerJoin(products, eq(products.id, bundleParts.productId))
    .where(inArray(bundleParts.bundleId, bundleIds))
    .orderBy(asc(bundleParts.bundleId), asc(bundleParts.position))
  for (const { part, row } of rows)
    byBundle.set(part.bundleId, [
      ...(byBundle.get(part.bundleId) ?? []),
      { position: part.position, itemKey: part.itemKey, row },
    ])
  return byBundle
}

/**
 * What a part is and costs alone: the variant or ticket type its item key names (or the only one), or
 * null when the key names none of the product's (a variant deleted since) or the product is a service.
 */
export function pricePart(part: Part, now = clock.ms()): PricedPart | null {
  const product = byKind(part.row)
  switch (product.kind) {
    case 'digital':
      return {
        part: { ...part, itemKey: '' },
        kind: 'digital',
        label: product.title,
        price: product.priceAmount,
        capacity: null,
        closed: false,
      }
    case 'merch': {
      const variants = product.details.variants
      const variant =
        variants.find((v) => v.id === part.itemKey) ??
        (part.itemKey === '' && variants.length === 1 ? variants[0] : undefined)
      if (!variant?.id) return null
      return {
        part: { ...part, itemKey: variant.id },
        kind: 'merch',
        label: Object.values(variant.options).join(' / ') || product.title,
        price: variant.price.amount,
        capacity: variant.stock,
        closed: false,
      }
    }
    case 'event': {
      const types = product.details.ticketTypes
      const type =
        types.find((t) => t.id === part.itemKey) ??
        (part.itemKey === '' && types.length === 1 ? types[0] : undefined)
      if (!type?.id) return null
      const closed =
        Date.parse(product.details.startsAt) <= now ||
        (type.saleStartsAt ? Date.parse(type.saleStartsAt) > now : false) ||
        (type.saleEndsAt ? Date.parse(type.saleEndsAt) <= now : false)
      return {
        part: { ...part, itemKey: type.id },
        kind: 'event',
        label: type.name,
        price: type.price.amount,
        capacity: type.capacity,
        closed,
      }
    }
    default:
      return null
  }
}

/**
 * Why a bundle cannot be bought now, naming the first part at fault: off sale, not selling tickets, sold
 * out (counted from the orders holding it, without a lock: the checkout counts again under one), priced in
 * another currency since, or, with
 * every part fine, the parts costing no more alone than the bundle.
 */
export async function blockOf(
  db: DbOrTx,
  price: Money,
  priced: (PricedPart | null)[],
  parts: Part[],
): Promise<BundleView['blocked']> {
  for (const [i, one] of priced.entries()) {
    const title = parts[i]?.row.title ?? null
    if (one?.part.row.status !== 'published') return { reason: 'offSale', title }
    if (one.closed) return { reason: 'closed', title }
    if (one.part.row.priceCurrency !== price.currency) return { reason: 'currency', title }
    if (one.capacity !== null && one.capacity - (await heldOf(db, one.part.row.id, one.part.itemKey)) < 1)
      return { reason: 'soldOut', title }
  }
  if (worthOf(priced) <= price.amount) return { reason: 'cheaper', title: null }
  return null
}

/** What the parts cost alone. */
export const worthOf = (priced: (PricedPart | null)[]) =>
  priced.reduce((sum, one) => sum + (one?.price ?? 0), 0)

/**
 * The bundle's price shared among its parts in proportion to what each costs alone, in whole minor units
 * that add up to the price exactly: each gets its share rounded down, and the units left over go one each
 * to the parts whose shares lost the most in rounding (the earlier part first on a tie).
 */
export function shares(price: number, worths: number[]): number[] {
  const total = worths.reduce((a, b) => a + b, 0)
  if (total <= 0) return worths.map((_, i) => (i === 0 ? price : 0))
  const exact = worths.map((w) => (price * w) / total)
  const floors = exact.map(Math.floor)
  let left = price - floors.reduce((a, b) => a + b, 0)
  const order = exact
    .map((x, i) => ({ i, lost: x - Math.floor(x) }))
    .sort((a, b) => b.lost - a.lost || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    floors[i] = (floors[i] ?? 0) + 1
    left--
  }
  return floors
}

export const moneyIn =
  (currency: Money['currency']) =>
  (amount: number): Money => ({ amount, currency })
