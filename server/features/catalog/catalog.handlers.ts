import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import { newProduct } from '../../../contract/catalog.contract'
import type { Money } from '../../../contract/money'
import type { PlatformSettings } from '../../../contract/settings.contract'
import type { Db } from '../../db/client'
import { products } from '../../db/schema'
import { AppError, isUniqueViolation } from '../../lib/errors'
import { parseOrFail } from '../../lib/validation'
import type { Handlers } from '../../rpc/handlers'
import { callerOf } from '../accounts/accounts.handlers'
import { createProduct, type NewProduct, type ProductRow, publishProduct, toProduct } from './catalog.service'

/** The platform's price range per currency; a free digital product (price 0) is outside it on purpose. */
function assertPriceInRange(platform: PlatformSettings, product: NewProduct) {
  const free = product.kind === 'digital' && product.details.free === true
  const prices: { path: string; price: Money }[] = free
    ? []
    : [{ path: 'price.amount', price: product.price }]
  if (product.kind === 'merch')
    (product.details.variants as { price: Money }[]).forEach((v, i) => {
      prices.push({ path: `details.variants.${i}.price.amount`, price: v.price })
    })
  const errors: Record<string, string> = {}
  for (const { path, price } of prices) {
    if (product.kind === 'event' && price.amount === 0) continue
    const min = platform.limits.minPrice.find((m) => m.currency === price.currency)
    const max = platform.limits.maxPrice.find((m) => m.currency === price.currency)
    if (min && price.amount < min.amount)
      errors[path] = `The lowest price in ${price.currency} is ${min.amount}`
    if (max && price.amount > max.amount)
      errors[path] = `The highest price in ${price.currency} is ${max.amount}`
  }
  if (Object.keys(errors).length > 0)
    throw new AppError(400, 'Some prices are out of range: see errors', errors)
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
  if (!row) throw new AppError(404, 'No such product among yours')
  return row
}

async function setStatus(db: Db, row: ProductRow, status: 'draft' | 'archived') {
  const [updated] = await db
    .update(products)
    .set({ status, updatedAt: new Date() })
    .where(eq(products.id, row.id))
    .returning()
  if (!updated) throw new AppError(404, 'No such product among yours')
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
> = {
  createProduct: async (input, ctx) => {
    const { user } = callerOf(ctx)
    assertPriceInRange(ctx.platform, input)
    return { product: toProduct(await createProduct(ctx.db, user.id, input)) }
  },

  updateProduct: async ({ id, ...changes }, ctx) => {
    const { user } = callerOf(ctx)
    const row = await ownProduct(ctx.db, user.id, id)
    // The product as it would be after the change, validated whole, so cross-field rules still hold.
    const next = parseOrFail(
      newProduct,
      {
        kind: row.kind,
        title: changes.title ?? row.title,
        description: changes.description ?? row.description,
        price: changes.price ?? { amount: row.priceAmount, currency: row.priceCurrency },
        ...(changes.slug ? { slug: changes.slug } : {}),
        ...((changes.category ?? row.category) ? { category: changes.category ?? row.category } : {}),
        details: changes.details ?? row.details,
      },
      'updateProduct',
    )
    assertPriceInRange(ctx.platform, next)
    try {
      const [updated] = await ctx.db
        .update(products)
        .set({
          title: next.title,
          description: next.description,
          priceAmount: next.price.amount,
          priceCurrency: next.price.currency,
          ...(changes.slug ? { slug: changes.slug } : {}),
          category: next.category ?? null,
          details: next.details,
          updatedAt: new Date(),
        })
        .where(eq(products.id, row.id))
        .returning()
      if (!updated) throw new AppError(404, 'No such product among yours')
      return { product: toProduct(updated) }
    } catch (error) {
      if (isUniqueViolation(error, 'products_slug_lower_key'))
        throw new AppError(409, 'That address is taken: choose another', {
          slug: `/${changes.slug} is already in use`,
        })
      throw error
    }
  },

  publishProduct: async ({ id }, ctx) => {
    const { user } = callerOf(ctx)
    await ownProduct(ctx.db, user.id, id)
    return { product: toProduct(await publishProduct(ctx.db, user.id, id)) }
  },

  unpublishProduct: async ({ id }, ctx) => {
    const { user } = callerOf(ctx)
    return { product: toProduct(await setStatus(ctx.db, await ownProduct(ctx.db, user.id, id), 'draft')) }
  },

  archiveProduct: async ({ id }, ctx) => {
    const { user } = callerOf(ctx)
    // Orders (next issue) keep pointing at the row: a product is archived, never deleted.
    return { product: toProduct(await setStatus(ctx.db, await ownProduct(ctx.db, user.id, id), 'archived')) }
  },

  listMyProducts: async ({ kinds, status }, ctx) => {
    const { user } = callerOf(ctx)
    const rows = await ctx.db
      .select()
      .from(products)
      .where(
        and(
          eq(products.sellerId, user.id),
          kinds?.length ? inArray(products.kind, kinds) : undefined,
          status ? eq(products.status, status) : sql`${products.status} <> 'archived'`,
        ),
      )
      .orderBy(desc(products.id))
    return { products: rows.map(toProduct) }
  },
}
