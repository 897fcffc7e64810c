import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { KindWithDetails, Place } from '../../../contract/catalog.contract'
import { type CurrencyCode, currencies, isCurrencyCode } from '../../../contract/currencies'
import {
  CREATORS_PAGE_SIZE,
  type Creator,
  type CreatorCard,
  type CreatorPage,
  type CreatorsPage,
  categorySlug,
  EXPLORE_PAGE_SIZE,
  type ExplorePage,
  type ExploreQuery,
  HOME_FEATURED,
  HOME_RECENT,
  type HomeProducts,
  type ProductCard,
  type ProductPage,
  type PublicKindWithDetails,
  type PublicPlace,
  type PublicProduct,
  type Rates,
} from '../../../contract/storefront'
import type { Db, DbOrTx } from '../../db/client'
import { exchangeRates, products, sellers, users } from '../../db/schema'
import { clock } from '../../lib/clock'
import { avatarUrls } from '../accounts'
import { type AssetRow, byKind, type ProductRow, readyAssets, toFile, toImage } from './catalog.service'
import { heldByItem, heldByProduct, membersHeld } from './held'
import { onSale, sellerListed } from './listed'
import { upsellOffer } from './upsell'

type SellerRow = typeof sellers.$inferSelect

export async function loadRates(db: Db): Promise<Rates> {
  const rows = await db.select().from(exchangeRates)
  const perUsd: Rates['perUsd'] = {}
  let updatedAt: Date | null = null
  for (const row of rows) {
    perUsd[row.currency] = Number(row.perUsd)
    if (!updatedAt || row.updatedAt > updatedAt) updatedAt = row.updatedAt
  }
  return { perUsd, updatedAt: updatedAt?.toISOString() ?? null }
}

/** How long a checkout may use rates read before: as long as the terms in force (platform/terms.ts). */
const RATES_FRESH_MS = 1000
const keptRates = new WeakMap<Db, { at: number; rates: Promise<Rates> }>()

/**
 * The exchange rates for pricing a payment, read at most once a second per instance (a ticket drop prices
 * hundreds of checkouts at once): a change an admin makes is used by every instance within a second, and at
 * once by the one that made it (`forgetKeptRates`).
 */
export function currentRates(db: Db, now = clock.ms()): Promise<Rates> {
  const kept = keptRates.get(db)
  if (kept && now - kept.at < RATES_FRESH_MS) return kept.rates
  const rates = loadRates(db)
  const entry = { at: now, rates }
  keptRates.set(db, entry)
  // A failed read is not kept: the next checkout reads again (unless a newer read has replaced it).
  rates.catch(() => {
    if (keptRates.get(db) === entry) keptRates.delete(db)
  })
  return rates
}

export function forgetKeptRates(db: Db) {
  keptRates.delete(db)
}

/**
 * Where a service or event happens, as its page may say it. The link of an online session or event goes
 * to buyers only, after they pay; the page says "Online".
 */
function publicPlace(where: Place): PublicPlace {
  // `?.` as before: a place missing from a stored row stays missing rather than failing the page.
  return where?.kind === 'online' ? { kind: 'online' } : where
}

/**
 * Whether nothing of a merch product or an event is left: every variant's stock, every ticket type's
 * seats, taken by orders that are paid or being paid for. Services and downloads never sell out here.
 */
function isSoldOut(product: KindWithDetails, held: Map<string, number> | undefined): boolean {
  const list =
    product.kind === 'merch'
      ? (product.details.variants ?? []).map((v) => [v.id, v.stock] as const)
      : product.kind === 'event'
        ? (product.details.ticketTypes ?? []).map((t) => [t.id, t.capacity] as const)
        : null
  if (!list) return false
  return list.every(([id, total]) => total - (held?.get(String(id)) ?? 0) <= 0)
}

/** Whether a merch product or an event has nothing left to sell now. */
export async function soldOutNow(db: DbOrTx, row: ProductRow): Promise<boolean> {
  return isSoldOut(byKind(row), await heldByItem(db, row.id))
}

function toCard(
  row: ProductRow,
  seller: Pick<SellerRow, 'handle' | 'displayName'>,
  assets: AssetRow[],
  held: Map<string, number> | undefined,
): ProductCard {
  const product = byKind(row)
  const image = assets.find((a) => a.productId === row.id && a.role === 'image')
  return {
    slug: row.slug,
    kind: row.kind,
    title: row.title,
    price: { amount: row.priceAmount, currency: row.priceCurrency },
    minimum: product.kind === 'digital' ? (product.details.payWhatYouWant?.minimum ?? null) : null,
    free: product.kind === 'digital' && product.details.free === true,
    category: row.category,
    image: image ? toImage(image) : null,
    seller: { handle: seller.handle, displayName: seller.displayName },
    soldOut: isSoldOut(product, held),
  }
}

/** Product rows joined with their sellers, as cards (first photo only). */
async function cards(db: Db, rows: { product: ProductRow; seller: SellerRow }[]): Promise<ProductCard[]> {
  const ids = rows.map((r) => r.product.id)
  const limited = rows.filter((r) => r.product.kind === 'merch' || r.product.kind === 'event')
  const [assets, held] = await Promise.all([
    readyAssets(db, ids),
    heldByProduct(
      db,
      limited.map((r) => r.product.id),
    ),
  ])
  return rows.map((r) => toCard(r.product, r.seller, assets, held.get(r.product.id)))
}

async function creatorOf(db: Db, seller: SellerRow): Promise<Creator> {
  const [user] = await db
    .select({ avatarKey: users.avatarKey })
    .from(users)
    .where(eq(users.id, seller.userId))
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(and(eq(products.sellerId, seller.userId), onSale))
  return {
    handle: seller.handle,
    displayName: seller.displayName,
    bio: seller.bio,
    country: seller.country,
    avatar: user?.avatarKey ? avatarUrls(user.avatarKey) : null,
    productCount: counted?.n ?? 0,
    links: seller.links,
    since: seller.createdAt.toISOString(),
  }
}

/**
 * A product's details as its page shows them: without an online meeting's link, and with what a buyer can
 * still get, a variant's stock and a ticket type's `left` less what orders hold (paid, or being paid for),
 * so the page says "sold out" before checkout has to.
 */
function publicDetails(product: KindWithDetails, held: Map<string, number>): PublicKindWithDetails {
  const left = (id: unknown, total: number) => Math.max(0, total - (held.get(String(id)) ?? 0))
  switch (product.kind) {
    case 'digital':
      return { kind: 'digital', details: product.details }
    case 'service':
      return { kind: 'service', details: { ...product.details, where: publicPlace(product.details.where) } }
    case 'merch':
      return {
        kind: 'merch',
        details: {
          ...product.details,
          variants: product.details.variants.map((v) => ({ ...v, stock: left(v.id, v.stock) })),
        },
      }
    case 'event':
      return {
        kind: 'event',
        details: {
          ...product.details,
          where: publicPlace(product.details.where),
          ticketTypes: product.details.ticketTypes.map((t) => ({ ...t, left: left(t.id, t.capacity) })),
        },
      }
    case 'membership':
      return {
        kind: 'membership',
        details: {
          ...product.details,
          tiers: product.details.tiers.map((t) => ({
            ...t,
            left: t.memberLimit === null ? null : left(t.id, t.memberLimit),
          })),
        },
      }
  }
}

/** The page of a published product, by its address; null when there is none. */
export async function productPage(db: Db, slug: string): Promise<ProductPage | null> {
  const [row] = await db
    .select({ product: products, seller: sellers })
    .from(products)
    .innerJoin(sellers, eq(sellers.userId, products.sellerId))
    .where(and(sql`lower(${products.slug}) = lower(${slug})`, onSale))
    .limit(1)
  if (!row) return null
  const [assets, held] = await Promise.all([
    readyAssets(db, [row.product.id]),
    row.product.kind === 'membership' ? membersHeld(db, row.product.id) : heldByItem(db, row.product.id),
  ])
  const product: PublicProduct = {
    ...toCard(row.product, row.seller, assets, held),
    id: row.product.id,
    description: row.product.description,
    images: assets.filter((a) => a.role === 'image').map(toImage),
    files: assets.filter((a) => a.role === 'file').map(toFile),
    ...publicDetails(byKind(row.product), held),
    publishedAt: (row.product.publishedAt ?? row.product.createdAt).toISOString(),
  }
  const offer = await upsellOffer(db, row.product)
  return {
    product,
    seller: await creatorOf(db, row.seller),
    rates: await loadRates(db),
    offer: offer && {
      productId: offer.product.id,
      slug: offer.product.slug,
      title: offer.product.title,
      price: offer.price,
      listPrice: offer.listPrice,
    },
  }
}

/** A creator's storefront: their profile and published products, newest first; null when unknown. */
export async function creatorPage(db: Db, handle: string): Promise<CreatorPage | null> {
  const [seller] = await db
    .select()
    .from(sellers)
    .where(and(sql`lower(${sellers.handle}) = lower(${handle})`, sellerListed))
    .limit(1)
  if (!seller) return null
  const rows = await db
    .select({ product: products, seller: sellers })
    .from(products)
    .innerJoin(sellers, eq(sellers.userId, products.sellerId))
    .where(and(eq(products.sellerId, seller.userId), onSale))
    .orderBy(desc(products.publishedAt))
    .limit(100)
  return { creator: await creatorOf(db, seller), products: await cards(db, rows), rates: await loadRates(db) }
}

/**
 * The products the home page shows: the best sellers that can still be bought (most sales first, the
 * newest among equals), then the newest of the rest.
 */
export async function homeProducts(db: Db): Promise<HomeProducts> {
  const listed = (order: SQL[], limit: number) =>
    db
      .select({ product: products, seller: sellers })
      .from(products)
      .innerJoin(sellers, eq(sellers.userId, products.sellerId))
      .where(onSale)
      .orderBy(...order, desc(products.publishedAt), desc(products.id))
      .limit(limit)
  const [best, newest, rates] = await Promise.all([
    listed([desc(products.salesCount)], HOME_FEATURED * 2).then((rows) => cards(db, rows)),
    listed([], HOME_FEATURED + HOME_RECENT).then((rows) => cards(db, rows)),
    loadRates(db),
  ])
  const featured = best.filter((card) => !card.soldOut).slice(0, HOME_FEATURED)
  const shown = new Set(featured.map((card) => card.slug))
  const recent = newest.filter((card) => !shown.has(card.slug)).slice(0, HOME_RECENT)
  return { featured, recent, rates }
}

/** Creators with something on sale first, most products first. */
export async function creatorsPage(db: Db, page: number): Promise<CreatorsPage> {
  const productCount = sql<number>`(select count(*)::int from ${products} where ${products.sellerId} = ${sellers.userId} and ${products.status} = 'published')`
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(sellers).where(sellerListed)
  const pageCount = Math.max(1, Math.ceil((total?.n ?? 0) / CREATORS_PAGE_SIZE))
  const current = Math.min(Math.max(1, page), pageCount)
  const rows = await db
    .select({ seller: sellers, avatarKey: users.avatarKey, productCount })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(sellerListed)
    .orderBy(desc(productCount), asc(sellers.displayName))
    .limit(CREATORS_PAGE_SIZE)
    .offset((current - 1) * CREATORS_PAGE_SIZE)
  const creators: CreatorCard[] = rows.map(({ seller, avatarKey, productCount }) => ({
    handle: seller.handle,
    displayName: seller.displayName,
    bio: seller.bio.slice(0, 160),
    country: seller.country,
    avatar: avatarKey ? avatarUrls(avatarKey) : null,
    productCount,
  }))
  return { creators, page: current, pageCount }
}

/** A price's value in US dollars, for comparing prices across currencies (rates from the admin's table). */
function usdValue(): SQL<number> {
  const exponent = sql.join(
    Object.entries(currencies).map(([code, c]) => sql`when ${code} then ${10 ** c.minorUnits}`),
    sql` `,
  )
  return sql<number>`(${products.priceAmount}::numeric / (case ${products.priceCurrency} ${exponent} else 100 end) / coalesce(${exchangeRates.perUsd}, 1))`
}

/** Words as a prefix search: "lamu pre" finds "Lamu Light Presets". */
function prefixQuery(q: string): string | null {
  const words = q
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, 8)
  return words?.length ? words.map((w) => `${w}:*`).join(' & ') : null
}

export async function explorePage(db: Db, query: ExploreQuery): Promise<ExplorePage> {
  const rates = await loadRates(db)
  const tsQuery = query.q ? prefixQuery(query.q) : null
  const vector = sql`to_tsvector('simple', ${products.searchText})`
  const matches = tsQuery ? sql`${vector} @@ to_tsquery('simple', ${tsQuery})` : undefined
  const perUsd = rates.perUsd[query.currency ?? 'USD'] ?? 1
  const usd = usdValue()
  const conditions = and(
    onSale,
    matches,
    query.kind ? eq(products.kind, query.kind) : undefined,
    query.category
      ? sql`trim(both '-' from regexp_replace(lower(coalesce(${products.category}, '')), '[^a-z0-9]+', '-', 'g')) = ${query.category}`
      : undefined,
    query.min !== undefined ? sql`${usd} >= ${query.min / perUsd}` : undefined,
    query.max !== undefined ? sql`${usd} <= ${query.max / perUsd}` : undefined,
  )
  const sort = query.sort ?? (tsQuery ? 'relevance' : 'newest')
  const order: SQL[] = {
    relevance: tsQuery ? [sql`ts_rank(${vector}, to_tsquery('simple', ${tsQuery})) desc`] : [],
    newest: [],
    popular: [sql`${products.salesCount} desc`],
    'price-asc': [sql`${usd} asc`],
    'price-desc': [sql`${usd} desc`],
  }[sort]
  const page = Math.max(1, query.page ?? 1)
  const rows = await db
    .select({ product: products, seller: sellers, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .innerJoin(sellers, eq(sellers.userId, products.sellerId))
    .leftJoin(exchangeRates, eq(exchangeRates.currency, products.priceCurrency))
    .where(conditions)
    .orderBy(...order, desc(products.publishedAt), desc(products.id))
    .limit(EXPLORE_PAGE_SIZE)
    .offset((page - 1) * EXPLORE_PAGE_SIZE)
  const total = rows[0]?.total ?? 0
  const categoryRows = await db
    .select({ name: products.category, count: sql<number>`count(*)::int` })
    .from(products)
    .where(and(onSale, sql`${products.category} is not null and ${products.category} <> ''`))
    .groupBy(products.category)
    .orderBy(sql`count(*) desc`, asc(products.category))
    .limit(30)
  return {
    results: await cards(db, rows),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / EXPLORE_PAGE_SIZE)),
    categories: categoryRows.map((c) => ({
      slug: categorySlug(c.name ?? ''),
      name: c.name ?? '',
      count: c.count,
    })),
    rates,
  }
}

/** The admin's change to the rates table: only the currencies given change. */
export async function setRates(db: DbOrTx, userId: string, perUsd: Partial<Record<CurrencyCode, number>>) {
  const entries = Object.entries(perUsd)
  if (entries.length === 0) return
  for (const [currency, rate] of entries) {
    if (!isCurrencyCode(currency)) continue
    await db
      .insert(exchangeRates)
      .values({ currency, perUsd: String(rate), updatedBy: userId, updatedAt: clock.now() })
      .onConflictDoUpdate({
        target: exchangeRates.currency,
        set: { perUsd: String(rate), updatedBy: userId, updatedAt: clock.now() },
      })
  }
}
