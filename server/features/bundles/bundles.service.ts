import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { BundleView, saveBundleInput } from '../../../contract/bundles.contract'
import { MAX_BUNDLES } from '../../../contract/catalog.constants'
import { CURRENCY_LIMITS } from '../../../contract/currencies'
import { BUNDLES } from '../../../contract/errors/bundles'
import { formatMoney } from '../../../contract/format-money'
import type { BundleCard } from '../../../contract/storefront'
import type { Db, DbOrTx } from '../../db/client'
import { bundleParts, bundles, orders, products, sellers } from '../../db/schema'
import { clock } from '../../lib/clock'
import { AppError, type FieldMessage } from '../../lib/errors'
import { uuidv7 } from '../../lib/uuid'
import { sellerListed } from '../catalog'
import { blockOf, moneyIn, type Part, partsOf, pricePart, worthOf } from './parts'

export type BundleRow = typeof bundles.$inferSelect

/** Bundles as their seller and buyers see them: parts as they are now, the saving, and why not buyable. */
export async function bundleViews(db: DbOrTx, rows: BundleRow[]): Promise<BundleView[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [parts, sales, owners] = await Promise.all([
    partsOf(db, ids),
    db
      .select({ id: sql<string>`${orders.item}->'bundle'->>'id'`, n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'paid'),
          inArray(sql`${orders.item}->'bundle'->>'id'`, ids),
          inArray(
            orders.sellerId,
            rows.map((r) => r.sellerId),
          ),
        ),
      )
      .groupBy(sql`${orders.item}->'bundle'->>'id'`),
    db
      .select({ id: sellers.userId, handle: sellers.handle, displayName: sellers.displayName })
      .from(sellers)
      .where(
        inArray(
          sellers.userId,
          rows.map((r) => r.sellerId),
        ),
      ),
  ])
  const views: BundleView[] = []
  for (const row of rows) {
    const own = parts.get(row.id) ?? []
    const priced = own.map((part) => pricePart(part))
    const worth = worthOf(priced)
    const m = moneyIn(row.priceCurrency)
    const owner = owners.find((o) => o.id === row.sellerId)
    views.push({
      id: row.id,
      title: row.title,
      description: row.description,
      price: m(row.priceAmount),
      worth: m(worth),
      saving: m(Math.max(0, worth - row.priceAmount)),
      status: row.status,
      parts: own.map((part, i) => {
        const one = priced[i]
        return {
          productId: part.row.id,
          slug: part.row.slug,
          kind: one?.kind ?? 'digital',
          title: part.row.title,
          label: one?.label ?? part.row.title,
          itemKey: one?.part.itemKey ?? part.itemKey,
          price: m(one?.price ?? 0),
        }
      }),
      blocked: await blockOf(db, m(row.priceAmount), priced, own),
      sales: sales.find((s) => s.id === row.id)?.n ?? 0,
      seller: { handle: owner?.handle ?? '', displayName: owner?.displayName ?? '' },
    })
  }
  return views
}

export async function listBundles(db: Db, sellerId: string): Promise<BundleView[]> {
  const rows = await db
    .select()
    .from(bundles)
    .where(eq(bundles.sellerId, sellerId))
    .orderBy(desc(bundles.createdAt), desc(bundles.id))
  return bundleViews(db, rows)
}

/** A seller's bundle, or 404 under the field it was chosen by. */
async function ownBundle(db: DbOrTx, sellerId: string, id: string): Promise<BundleRow> {
  const [row] = await db
    .select()
    .from(bundles)
    .where(and(eq(bundles.id, id), eq(bundles.sellerId, sellerId)))
  if (!row) throw new AppError(404, BUNDLES.noSuchBundle, { fields: { id: BUNDLES.noSuchBundle } })
  return row
}

const viewOf = async (db: DbOrTx, row: BundleRow) => {
  const [view] = await bundleViews(db, [row])
  if (!view) throw new Error('bundle view missing')
  return view
}

/**
 * The parts a seller asks for, checked: each one of theirs, on sale, not a service or free, once only, one
 * event at most, the variant or ticket type named where the product has several, all in the price's
 * currency, and the price below what they cost alone. Each refusal lands on its part's field.
 */
async function checkedParts(
  db: DbOrTx,
  sellerId: string,
  input: z.output<typeof saveBundleInput>,
): Promise<Part[]> {
  const ids = [...new Set(input.parts.map((p) => p.productId))]
  const rows = await db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.sellerId, sellerId)))
  const problems: Record<string, FieldMessage> = {}
  const refuse = (key: string, message: FieldMessage, params: Record<string, string> = {}) => {
    problems[key] ??= { ...message, params }
  }
  const parts: Part[] = []
  const seen = new Set<string>()
  let events = 0
  for (const [i, asked] of input.parts.entries()) {
    const field = `parts.${i}.productId`
    const row = rows.find((r) => r.id === asked.productId)
    if (!row || row.status === 'archived') {
      refuse(field, BUNDLES.notYours)
      continue
    }
    const title = row.title
    const notBundled = row.kind === 'service' || row.kind === 'membership'
    if (row.kind === 'service') refuse(field, BUNDLES.service, { title })
    else if (row.kind === 'membership') refuse(field, BUNDLES.membership, { title })
    else if (row.status !== 'published') refuse(field, BUNDLES.offSale, { title })
    else if (row.priceCurrency !== input.price.currency)
      refuse(field, BUNDLES.currency, { title, currency: row.priceCurrency })
    const part = { position: i, itemKey: asked.itemKey ?? '', row }
    const priced = notBundled ? null : pricePart(part)
    if (!notBundled && !priced) refuse(`parts.${i}.itemKey`, BUNDLES.chooseItem, { title })
    if (priced && priced.price === 0) refuse(field, BUNDLES.freePart, { title })
    const key = `${row.id}:${priced?.part.itemKey ?? ''}`
    if (seen.has(key)) refuse(field, BUNDLES.twice, { title })
    seen.add(key)
    if (row.kind === 'event' && ++events === 2) refuse(field, BUNDLES.oneEvent)
    parts.push(priced?.part ?? part)
  }
  if (Object.keys(problems).length === 0) {
    const worth = worthOf(parts.map((p) => pricePart(p)))
    const { currency, amount } = input.price
    const min = CURRENCY_LIMITS[currency].minPrice
    if (amount < min) refuse('price.amount', BUNDLES.priceAtLeast, { min: formatMoney(min, currency) })
    else if (amount >= worth)
      refuse('price.amount', BUNDLES.priceBelowWorth, { worth: formatMoney(worth, currency) })
  }
  const [first] = Object.values(problems)
  if (first)
    throw new AppError(400, first, { ...(first.params ? { params: first.params } : {}), fields: problems })
  return parts
}

/**
 * Makes a bundle (a draft) or changes one, its parts replaced, in one transaction under the bundle's row
 * lock; a seller keeps at most MAX_BUNDLES, counted under their seller row's lock.
 */
export async function saveBundle(db: Db, sellerId: string, input: z.output<typeof saveBundleInput>) {
  // Another seller's bundle is not found, whatever else is wrong with the input.
  if (input.id) await ownBundle(db, sellerId, input.id)
  const parts = await checkedParts(db, sellerId, input)
  const row = await db.transaction(async (tx) => {
    let id = input.id
    if (id) await tx.select({ id: bundles.id }).from(bundles).where(eq(bundles.id, id)).for('update')
    const values = {
      title: input.title,
      description: input.description ?? '',
      priceAmount: input.price.amount,
      priceCurrency: input.price.currency,
      updatedAt: clock.now(),
    }
    if (id) {
      await ownBundle(tx, sellerId, id)
      await tx.update(bundles).set(values).where(eq(bundles.id, id))
      await tx.delete(bundleParts).where(eq(bundleParts.bundleId, id))
    } else {
      await tx.select({ id: sellers.userId }).from(sellers).where(eq(sellers.userId, sellerId)).for('update')
      const [held] = await tx.select({ n: count() }).from(bundles).where(eq(bundles.sellerId, sellerId))
      if ((held?.n ?? 0) >= MAX_BUNDLES)
        throw new AppError(409, BUNDLES.tooMany, { params: { max: MAX_BUNDLES } })
      id = uuidv7()
      await tx.insert(bundles).values({ id, sellerId, ...values })
    }
    const bundleId = id
    await tx
      .insert(bundleParts)
      .values(parts.map((p, position) => ({ bundleId, position, productId: p.row.id, itemKey: p.itemKey })))
    return ownBundle(tx, sellerId, bundleId)
  })
  return viewOf(db, row)
}

export async function publishBundle(db: Db, sellerId: string, id: string, published: boolean) {
  const row = await ownBundle(db, sellerId, id)
  const [updated] = await db
    .update(bundles)
    .set({ status: published ? 'published' : 'draft', updatedAt: clock.now() })
    .where(eq(bundles.id, row.id))
    .returning()
  return viewOf(db, updated ?? row)
}

export async function deleteBundle(db: Db, sellerId: string, id: string) {
  const row = await ownBundle(db, sellerId, id)
  await db.delete(bundles).where(eq(bundles.id, row.id))
  return { deleted: true }
}

/** A bundle on sale (published, by a listed seller), or 404. */
export async function bundleOnSale(db: DbOrTx, id: string): Promise<BundleRow> {
  const [row] = await db
    .select({ bundle: bundles })
    .from(bundles)
    .innerJoin(sellers, eq(sellers.userId, bundles.sellerId))
    .where(and(eq(bundles.id, id), eq(bundles.status, 'published'), sellerListed))
  if (!row) throw new AppError(404, BUNDLES.notOnSale, { fields: { id: BUNDLES.notOnSale } })
  return row.bundle
}

export async function publicBundle(db: Db, id: string) {
  return viewOf(db, await bundleOnSale(db, id))
}

/** A storefront's bundles on sale, newest first, as its page lists them. */
export async function storefrontBundles(db: DbOrTx, handle: string): Promise<BundleCard[]> {
  const rows = await db
    .select({ bundle: bundles })
    .from(bundles)
    .innerJoin(sellers, eq(sellers.userId, bundles.sellerId))
    .where(and(sql`lower(${sellers.handle}) = lower(${handle})`, eq(bundles.status, 'published')))
    .orderBy(desc(bundles.createdAt), desc(bundles.id))
    .limit(MAX_BUNDLES)
  const views = await bundleViews(
    db,
    rows.map((r) => r.bundle),
  )
  return views.map((view) => ({
    id: view.id,
    title: view.title,
    price: view.price,
    worth: view.worth,
    saving: view.saving,
    parts: view.parts.map((part) => part.title),
    available: view.blocked === null,
  }))
}
