import { and, eq, sql } from 'drizzle-orm'
import type { NewProductInput, Product } from '../../../contract/catalog.contract'
import type { Money } from '../../../contract/money'
import { reservedSegments } from '../../../contract/routes'
import type { Db } from '../../db/client'
import { products } from '../../db/schema'
import { AppError, isUniqueViolation } from '../../lib/errors'
import { uuidv7 } from '../../lib/uuid'

export type ProductRow = typeof products.$inferSelect

/** A product as the contract has validated it (contract/catalog.contract.ts `newProduct`). */
export type NewProduct = Omit<NewProductInput, 'details'> & { details: Record<string, unknown> }

/** The product as subjects hand it out. */
export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    kind: row.kind as Product['kind'],
    slug: row.slug,
    title: row.title,
    description: row.description,
    price: { amount: row.priceAmount, currency: row.priceCurrency as Money['currency'] },
    category: row.category,
    status: row.status as Product['status'],
    details: row.details,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
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

/** Creates a draft. The slug is the product's public address, /{slug}: unique, never an app route. */
export async function createProduct(db: Db, sellerId: string, input: NewProduct): Promise<ProductRow> {
  const base = slugify(input.slug ?? input.title) || 'product'
  const wanted = input.slug !== undefined
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = attempt === 0 && !reservedSegments.has(base) ? base : `${base}-${uuidv7().slice(-6)}`
    if (wanted && slug !== base) {
      throw new AppError(409, 'That address is taken: choose another', { slug: `/${base} is already in use` })
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
          description: input.description,
          priceAmount: input.price.amount,
          priceCurrency: input.price.currency,
          category: input.category ?? null,
          details: input.details,
        })
        .returning()
      if (!row) throw new Error('insert returned no row')
      return row
    } catch (error) {
      if (!isUniqueViolation(error, 'products_slug_lower_key')) throw error
    }
  }
  throw new AppError(409, 'Could not find a free address for this product: give it a slug of your own', {
    slug: 'Already in use',
  })
}

export async function publishProduct(db: Db, sellerId: string, productId: string): Promise<ProductRow> {
  const [row] = await db
    .update(products)
    .set({
      status: 'published',
      publishedAt: sql`coalesce(${products.publishedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(
      and(eq(products.id, productId), eq(products.sellerId, sellerId), sql`${products.status} <> 'archived'`),
    )
    .returning()
  if (!row) throw new AppError(404, 'No such product among yours')
  return row
}
