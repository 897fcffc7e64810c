import { randomBytes } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type {
  KindWithDetails,
  NewProductInput,
  Product,
  ProductDetails,
  ProductFile,
  ProductImage,
} from '../../../contract/catalog.contract'
import { CATALOG, CATALOG_FIELD } from '../../../contract/errors/catalog'
import { reservedSegments } from '../../../contract/routes'
import type { Db, DbOrTx } from '../../db/client'
import { productAssets, products } from '../../db/schema'
import { clock, dbNow } from '../../lib/clock'
import { AppError, isUniqueViolation } from '../../lib/errors'
import { uuidv7 } from '../../lib/uuid'
import { publicFilePath } from '../../storage/storage'
import { plainText, sanitizeDescription } from './rich-text'

export type ProductRow = typeof products.$inferSelect
export type AssetRow = typeof productAssets.$inferSelect

/** A product as the contract has validated it (contract/product.schema.ts `newProduct`). */
export type NewProduct = NewProductInput

/**
 * A product's kind and details typed as a pair, so that checking `kind` tells which details they are. The
 * two columns are only ever written together, the details validated for that kind by `newProduct`; types
 * cannot follow that across two columns, hence the one assertion here.
 */
export function byKind<T extends Pick<ProductRow, 'kind' | 'details'>>(
  value: T,
): Omit<T, 'kind' | 'details'> & KindWithDetails {
  return value as Omit<T, 'kind' | 'details'> & KindWithDetails
}

/** A ready photo's WebP variants, for `<img srcset>`: the middle width is the plain `src`. */
export function toImage(asset: AssetRow): ProductImage {
  const image = asset.image ?? { width: 0, height: 0, widths: [] }
  const url = (width: number) => publicFilePath(`${asset.storageKey}-${width}.webp`)
  const middle = image.widths[Math.min(1, image.widths.length - 1)] ?? 0
  return {
    id: asset.id,
    width: image.width,
    height: image.height,
    src: url(middle),
    srcset: image.widths.map((width) => `${url(width)} ${width}w`).join(', '),
  }
}

export function toFile(asset: AssetRow): ProductFile {
  return { id: asset.id, name: asset.fileName, size: asset.size, contentType: asset.contentType }
}

/** The product as subjects hand it out, with its ready photos and files in order. */
export function toProduct(row: ProductRow, assets: AssetRow[] = []): Product {
  const ready = assets.filter((a) => a.productId === row.id && a.status === 'ready')
  return byKind({
    id: row.id,
    kind: row.kind,
    slug: row.slug,
    title: row.title,
    description: row.description,
    price: { amount: row.priceAmount, currency: row.priceCurrency },
    category: row.category,
    status: row.status,
    details: row.details,
    images: ready.filter((a) => a.role === 'image').map(toImage),
    files: ready.filter((a) => a.role === 'file').map(toFile),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    upsell: row.upsell
      ? { productId: row.upsell.productId, price: { amount: row.upsell.price, currency: row.priceCurrency } }
      : null,
  })
}

/** The ready photos and files of these products, in their order. */
export async function readyAssets(db: Db, productIds: string[]): Promise<AssetRow[]> {
  if (productIds.length === 0) return []
  return db
    .select()
    .from(productAssets)
    .where(and(inArray(productAssets.productId, productIds), eq(productAssets.status, 'ready')))
    .orderBy(asc(productAssets.position), asc(productAssets.id))
}

/** Rows as products, with their photos and files, in one more query. */
export async function withAssets(db: Db, rows: ProductRow[]): Promise<Product[]> {
  const assets = await readyAssets(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((row) => toProduct(row, assets))
}

/** The words /explore searches: title, category and the description without its markup. */
export function searchTextOf(product: { title: string; category?: string | null; description: string }) {
  return [product.title, product.category ?? '', plainText(product.description)]
    .join(' ')
    .trim()
    .slice(0, 10_000)
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
}

/**
 * Gives each merch variant, event ticket type and membership tier an id of its own, kept across edits (the editor sends
 * them back), so that orders can name what they hold.
 */
export function withItemIds(product: NewProduct): ProductDetails {
  if (product.kind === 'merch')
    return { ...product.details, variants: withIds(product.details.variants, 'v') }
  if (product.kind === 'event')
    return { ...product.details, ticketTypes: withIds(product.details.ticketTypes, 't') }
  if (product.kind === 'membership')
    return {
      ...product.details,
      // The schema's defaults, for callers that skip it (the demo data, tests).
      tiers: withIds(product.details.tiers, 'm').map((tier) => ({
        ...tier,
        perks: tier.perks ?? '',
        memberLimit: tier.memberLimit ?? null,
      })),
    }
  return product.details
}

function withIds<T extends { id?: string | undefined }>(
  items: T[],
  prefix: 'v' | 't' | 'm',
): (T & { id: string })[] {
  const taken = new Set(items.map((item) => item.id).filter(Boolean))
  return items.map((item) => {
    if (item.id) return { ...item, id: item.id }
    let id: string
    do id = `${prefix}${randomBytes(4).toString('hex')}`
    while (taken.has(id))
    taken.add(id)
    return { ...item, id }
  })
}

/** Creates a draft. The slug is the product's public address, /{slug}: unique, never an app route. */
export async function createProduct(db: DbOrTx, sellerId: string, input: NewProduct): Promise<ProductRow> {
  const base = slugify(input.slug ?? input.title) || 'product'
  const wanted = input.slug !== undefined
  const description = sanitizeDescription(input.description)
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = attempt === 0 && !reservedSegments.has(base) ? base : `${base}-${uuidv7().slice(-6)}`
    if (wanted && slug !== base) {
      throw new AppError(409, CATALOG.slugTaken, {
        fields: { slug: { ...CATALOG_FIELD.baseInUse, params: { base } } },
      })
    }
    try {
      const [row] = await db
        .insert(products)
        .values({
          id: uuidv7(),
          sellerId,
          kind: input.kind,
          slug,
          title: input.title.trim(),
          description,
          priceAmount: input.price.amount,
          priceCurrency: input.price.currency,
          category: input.category ?? null,
          details: withItemIds(input),
          searchText: searchTextOf({ ...input, description }),
        })
        .returning()
      if (!row) throw new Error('insert returned no row')
      return row
    } catch (error) {
      if (!isUniqueViolation(error, 'products_slug_lower_key')) throw error
    }
  }
  throw new AppError(409, CATALOG.noFreeSlug, { fields: { slug: CATALOG_FIELD.inUse } })
}

export async function publishProduct(db: DbOrTx, sellerId: string, productId: string): Promise<ProductRow> {
  const [row] = await db
    .update(products)
    .set({
      status: 'published',
      publishedAt: sql`coalesce(${products.publishedAt}, ${dbNow()})`,
      updatedAt: clock.now(),
    })
    .where(
      and(eq(products.id, productId), eq(products.sellerId, sellerId), sql`${products.status} <> 'archived'`),
    )
    .returning()
  if (!row) throw new AppError(404, CATALOG.noSuchProduct)
  return row
}
