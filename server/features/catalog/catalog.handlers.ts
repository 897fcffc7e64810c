import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm'
import {
  type MerchDetails,
  type NewProductInput,
  newProduct,
  productIssues,
} from '../../../contract/catalog.contract'
import { CATALOG, CATALOG_FIELD } from '../../../contract/errors/catalog'
import { REQUEST } from '../../../contract/errors/common'
import type { Message } from '../../../contract/i18n'
import type { PlatformTerms } from '../../../contract/platform-terms.contract'
import type { Db, DbOrTx } from '../../db/client'
import { productAssets, products } from '../../db/schema'
import { audit } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { AppError, isUniqueViolation } from '../../lib/errors'
import { messageOfText, parseOrFail } from '../../lib/validation'
import { priceLimitsOf } from '../../platform/terms'
import type { Handlers } from '../../rpc/context'
import {
  type AssetRow,
  byKind,
  createProduct,
  type ProductRow,
  publishProduct,
  searchTextOf,
  withAssets,
  withItemIds,
} from './catalog.service'
import { sanitizeDescription } from './rich-text'
import { forgetKeptRates, loadRates, setRates } from './storefront.service'
import { withoutRemovedFiles, withTierFiles } from './tier-files'
import { deleteAssetObjects, finishUpload, ownUpload, startUpload, uploadTicket } from './uploads.service'
import { checkedUpsell } from './upsell'

/**
 * What a merch product lacks to be sold: stock in some variant, and a way to reach the buyer (a shipping
 * zone or pickup). Each reason is on the field to fix; none when it can go on sale.
 */
function unsellableMerch(
  details: Pick<MerchDetails, 'shippingZones' | 'pickup'> & { variants: { stock: number }[] },
  opts: { stock: boolean },
): Record<string, Message> {
  const errors: Record<string, Message> = {}
  // Stored details are not parsed again: a list they lack counts as empty, as before.
  const variants = details.variants ?? []
  const zones = details.shippingZones ?? []
  if (opts.stock && !variants.some((v) => v.stock > 0)) errors['details.variants'] = CATALOG_FIELD.addStock
  if (zones.length === 0 && !details.pickup)
    errors['details.shippingZones'] = CATALOG_FIELD.addShippingOrPickup
  return errors
}

/** Every amount of a product inside the price range in force, else a 400 with a message on each field. */
function assertPricesInRange(product: NewProductInput, terms: PlatformTerms) {
  const issues = productIssues(product, priceLimitsOf(terms))
  if (issues.length > 0)
    throw new AppError(400, REQUEST.fields, {
      fields: Object.fromEntries(issues.map((i) => [i.path.join('.'), messageOfText(i.message)])),
    })
}

/** One of the caller's own products; anyone else's is "not found", never "forbidden". */
async function ownProduct(db: Db, sellerId: string, id: string, opts: { archived?: boolean } = {}) {
  const [row] = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.id, id),
        eq(products.sellerId, sellerId),
        opts.archived ? undefined : ne(products.status, 'archived'),
      ),
    )
    .limit(1)
  if (!row) throw new AppError(404, CATALOG.noSuchProduct)
  return row
}

async function asProduct(db: Db, row: ProductRow) {
  const [product] = await withAssets(db, [row])
  if (!product) throw new Error('no product')
  return { product }
}

/**
 * Keeps the listed photos (or files) in the order given and removes the rest; ids not on this product are
 * an error, so a mistyped id never silently drops something.
 */
async function keepAssets(
  db: DbOrTx,
  productId: string,
  role: 'image' | 'file',
  keep: string[],
): Promise<AssetRow[]> {
  const current = await db
    .select()
    .from(productAssets)
    .where(and(eq(productAssets.productId, productId), eq(productAssets.role, role)))
  const field = role === 'image' ? 'images' : 'files'
  const known = new Set(current.map((a) => a.id))
  const unknown = keep.findIndex((id) => !known.has(id))
  if (unknown >= 0)
    throw new AppError(400, role === 'image' ? CATALOG.photoNotOnProduct : CATALOG.fileNotOnProduct, {
      fields: { [`${field}.${unknown}`]: CATALOG_FIELD.notOnProduct },
    })
  const removed = current.filter((a) => !keep.includes(a.id) && a.status === 'ready')
  if (removed.length > 0)
    await db.delete(productAssets).where(
      inArray(
        productAssets.id,
        removed.map((a) => a.id),
      ),
    )
  for (const [position, id] of keep.entries())
    await db.update(productAssets).set({ position }).where(eq(productAssets.id, id))
  return removed
}

async function setStatus(db: Db, row: ProductRow, status: 'draft' | 'archived') {
  const [updated] = await db
    .update(products)
    .set({ status, updatedAt: clock.now() })
    .where(eq(products.id, row.id))
    .returning()
  if (!updated) throw new AppError(404, CATALOG.noSuchProduct)
  return updated
}

export const catalogHandlers: Pick<
  Handlers,
  | 'createProduct'
  | 'updateProduct'
  | 'publishProduct'
  | 'unpublishProduct'
  | 'archiveProduct'
  | 'listMyProducts'
  | 'getMyProduct'
  | 'createUploadUrl'
  | 'completeUpload'
  | 'listRates'
  | 'setRates'
  | 'deleteProduct'
> = {
  createProduct: async (input, ctx) => {
    const { user } = ctx.caller
    assertPricesInRange(input, await ctx.terms.get())
    // A new membership has no files yet for its tiers to give.
    await withTierFiles(ctx.db, null, withItemIds(input))
    return asProduct(ctx.db, await createProduct(ctx.db, user.id, input))
  },

  updateProduct: async ({ id, images, files, upsell: offer, ...changes }, ctx) => {
    const { user } = ctx.caller
    const row = await ownProduct(ctx.db, user.id, id)
    // The product as it would be after the change, validated whole, so cross-field rules still hold.
    const next = parseOrFail(
      newProduct,
      {
        kind: row.kind,
        title: changes.title ?? row.title,
        description: sanitizeDescription(changes.description ?? row.description),
        price: changes.price ?? { amount: row.priceAmount, currency: row.priceCurrency },
        ...(changes.slug ? { slug: changes.slug } : {}),
        ...((changes.category ?? row.category) ? { category: changes.category ?? row.category } : {}),
        details: changes.details ?? row.details,
      },
      'updateProduct',
    )
    assertPricesInRange(next, await ctx.terms.get())
    // The offer is checked against the product as it will be (its currency may change with its price).
    const upsell = await checkedUpsell(ctx.db, { ...row, priceCurrency: next.price.currency }, offer)
    if (files && files.length === 0 && row.kind === 'digital' && row.status === 'published')
      throw new AppError(400, CATALOG.onSaleNeedsFile, {
        fields: { files: CATALOG_FIELD.keepLeastFile },
      })
    // On sale, merch may run out of stock (it shows as sold out) but never lose every way to deliver.
    if (next.kind === 'merch' && row.status === 'published') {
      const errors = unsellableMerch(next.details, { stock: false })
      if (Object.keys(errors).length > 0)
        throw new AppError(400, CATALOG.onSaleNeedsDelivery, { fields: errors })
    }
    try {
      // One transaction: a refused change (a slug taken, say) leaves the photos and files as they were,
      // and their stored objects are deleted only once the change has committed.
      const { updated, removed } = await ctx.db.transaction(async (tx) => {
        // A tier's files are checked against the membership's before this save removes any.
        const details = await withTierFiles(tx, row.id, withItemIds(next))
        const removed = [
          ...(images ? await keepAssets(tx, row.id, 'image', images) : []),
          ...(files ? await keepAssets(tx, row.id, 'file', files) : []),
        ]
        const [updated] = await tx
          .update(products)
          .set({
            title: next.title,
            description: next.description,
            priceAmount: next.price.amount,
            priceCurrency: next.price.currency,
            ...(changes.slug ? { slug: changes.slug } : {}),
            category: next.category ?? null,
            details: withoutRemovedFiles(
              details,
              removed.filter((a) => a.role === 'file').map((a) => a.id),
            ),
            searchText: searchTextOf(next),
            ...(upsell !== undefined ? { upsell } : {}),
            updatedAt: clock.now(),
          })
          .where(eq(products.id, row.id))
          .returning()
        if (!updated) throw new AppError(404, CATALOG.noSuchProduct)
        return { updated, removed }
      })
      await deleteAssetObjects(ctx.storage, ctx.log, removed)
      return asProduct(ctx.db, updated)
    } catch (error) {
      if (isUniqueViolation(error, 'products_slug_lower_key'))
        throw new AppError(409, CATALOG.slugTaken, {
          fields: { slug: { ...CATALOG_FIELD.slugInUse, params: { slug: changes.slug ?? '' } } },
        })
      throw error
    }
  },

  publishProduct: async ({ id }, ctx) => {
    const { user } = ctx.caller
    const row = await ownProduct(ctx.db, user.id, id)
    if (row.kind === 'digital') {
      const [{ files } = { files: [] }] = await withAssets(ctx.db, [row])
      if (files.length === 0)
        throw new AppError(400, CATALOG.addFileBeforePublish, {
          fields: { files: CATALOG_FIELD.addLeastFile },
        })
    }
    const product = byKind(row)
    if (product.kind === 'merch') {
      const errors = unsellableMerch(product.details, { stock: true })
      if (Object.keys(errors).length > 0) throw new AppError(400, CATALOG.cannotBeSoldYet, { fields: errors })
    }
    return asProduct(ctx.db, await publishProduct(ctx.db, user.id, id))
  },

  unpublishProduct: async ({ id }, ctx) => {
    const { user } = ctx.caller
    return asProduct(ctx.db, await setStatus(ctx.db, await ownProduct(ctx.db, user.id, id), 'draft'))
  },

  archiveProduct: async ({ id }, ctx) => {
    const { user } = ctx.caller
    // Orders keep pointing at the row: a product is archived, never deleted.
    return asProduct(ctx.db, await setStatus(ctx.db, await ownProduct(ctx.db, user.id, id), 'archived'))
  },

  deleteProduct: async ({ id }, ctx) => {
    const { user } = ctx.caller
    const row = await ownProduct(ctx.db, user.id, id)
    // Never on sale, so nobody can have bought it: it goes, with its files. Otherwise buyers keep it.
    if (row.publishedAt === null) {
      const assets = await ctx.db.select().from(productAssets).where(eq(productAssets.productId, row.id))
      await ctx.db.delete(products).where(and(eq(products.id, row.id), sql`${products.publishedAt} is null`))
      await deleteAssetObjects(ctx.storage, ctx.log, assets)
      return { outcome: 'deleted' as const }
    }
    await setStatus(ctx.db, row, 'archived')
    return { outcome: 'archived' as const }
  },

  listMyProducts: async ({ kinds, status, cursor, limit }, ctx) => {
    const { user } = ctx.caller
    // Ids grow with time (uuidv7): a page after `cursor` holds the same products whatever is made meanwhile.
    const query = ctx.db
      .select()
      .from(products)
      .where(
        and(
          eq(products.sellerId, user.id),
          kinds?.length ? inArray(products.kind, kinds) : undefined,
          status ? eq(products.status, status) : sql`${products.status} <> 'archived'`,
          cursor ? lt(products.id, cursor) : undefined,
        ),
      )
      .orderBy(desc(products.id))
    const rows = limit === undefined ? await query : await query.limit(limit + 1)
    const shown = limit === undefined ? rows : rows.slice(0, limit)
    const more = limit !== undefined && rows.length > limit
    return {
      products: await withAssets(ctx.db, shown),
      nextCursor: more ? (shown.at(-1)?.id ?? null) : null,
    }
  },

  getMyProduct: async ({ id }, ctx) =>
    asProduct(ctx.db, await ownProduct(ctx.db, ctx.caller.user.id, id, { archived: true })),

  createUploadUrl: async (input, ctx) => {
    const { user } = ctx.caller
    const asset = input.uploadId
      ? await ownUpload(ctx.db, user.id, input.uploadId)
      : await startUpload(ctx.db, ctx.storage, user.id, input as Parameters<typeof startUpload>[3])
    return uploadTicket(ctx.storage, asset)
  },

  completeUpload: async ({ uploadId }, ctx) => {
    const { user } = ctx.caller
    const asset = await ownUpload(ctx.db, user.id, uploadId)
    await finishUpload(ctx.db, ctx.storage, ctx.log, asset)
    return asProduct(ctx.db, await ownProduct(ctx.db, user.id, asset.productId))
  },

  listRates: async (_input, ctx) => loadRates(ctx.db),

  setRates: async ({ perUsd }, ctx) => {
    const { user } = ctx.caller
    const before = await loadRates(ctx.db)
    await ctx.db.transaction(async (tx) => {
      await setRates(tx, user.id, perUsd)
      const changed = Object.keys(perUsd).filter(
        (code) => before.perUsd[code as keyof typeof before.perUsd] !== perUsd[code as keyof typeof perUsd],
      )
      if (changed.length > 0)
        await audit(tx, ctx, {
          action: 'rates.update',
          // i18n-ignore: the audit log's label of what changed, an internal record
          target: { kind: 'settings', id: 'rates', label: 'Exchange rates' },
          before: Object.fromEntries(
            changed.map((c) => [c, before.perUsd[c as keyof typeof before.perUsd] ?? null]),
          ),
          after: Object.fromEntries(changed.map((c) => [c, perUsd[c as keyof typeof perUsd]])),
        })
    })
    forgetKeptRates(ctx.db)
    return loadRates(ctx.db)
  },
}
