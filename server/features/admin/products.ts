import { and, asc, desc, eq, ilike, lt, or, sql } from 'drizzle-orm'
import type { SubjectOutput } from '../../../contract'
import { ADMIN, ADMIN_FIELD } from '../../../contract/errors/admin'
import type { DbOrTx } from '../../db/client'
import { productReports, products, sellers, users } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { containing } from '../../lib/like'

type AdminProduct = SubjectOutput<'listAdminProducts'>['products'][number]
type Report = SubjectOutput<'listProductReports'>['reports'][number]

export const PRODUCTS_PAGE = 50

const openReports = sql<number>`(select count(*)::int from ${productReports} where ${productReports.productId} = ${products.id} and ${productReports.status} = 'open')`

const productColumns = {
  product: products,
  handle: sellers.handle,
  displayName: sellers.displayName,
  suspendedAt: users.suspendedAt,
  openReports,
}

type ProductRow = {
  product: typeof products.$inferSelect
  handle: string
  displayName: string
  suspendedAt: Date | null
  openReports: number
}

function view(row: ProductRow): AdminProduct {
  const p = row.product
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    kind: p.kind,
    status: p.status,
    price: { amount: p.priceAmount, currency: p.priceCurrency },
    seller: {
      id: p.sellerId,
      handle: row.handle,
      displayName: row.displayName,
      suspended: row.suspendedAt !== null,
    },
    openReports: row.openReports,
    createdAt: p.createdAt.toISOString(),
  }
}

/** Every product, newest first (or the most reported first), found by title, address or seller. */
export async function listAdminProducts(
  db: DbOrTx,
  input: {
    q: string
    status: 'all' | 'published' | 'draft' | 'archived'
    reported: boolean
    cursor?: string
  },
) {
  const like = containing(input.q)
  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(sellers, eq(sellers.userId, products.sellerId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(
      and(
        input.status === 'all' ? undefined : eq(products.status, input.status),
        input.reported ? sql`${openReports} > 0` : undefined,
        input.cursor ? lt(products.id, input.cursor) : undefined,
        input.q
          ? or(
              ilike(products.title, like),
              ilike(products.slug, like),
              ilike(sellers.handle, like),
              ilike(sellers.displayName, like),
              ilike(users.email, like),
            )
          : undefined,
      ),
    )
    .orderBy(desc(products.id))
    .limit(PRODUCTS_PAGE + 1)
  const page = rows.slice(0, PRODUCTS_PAGE)
  return {
    products: page.map(view),
    next: rows.length > PRODUCTS_PAGE ? (page.at(-1)?.product.id ?? null) : null,
  }
}

export async function adminProduct(db: DbOrTx, id: string): Promise<AdminProduct> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(sellers, eq(sellers.userId, products.sellerId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, id))
  if (!row) throw new AppError(404, ADMIN.noSuchProduct, { fields: { id: ADMIN_FIELD.notFound } })
  return view(row)
}

/** Reports: open ones oldest first (the queue), closed ones newest first. */
export async function listReports(db: DbOrTx, status: 'open' | 'closed', id?: string): Promise<Report[]> {
  const rows = await db
    .select({ report: productReports, product: products, handle: sellers.handle })
    .from(productReports)
    .innerJoin(products, eq(products.id, productReports.productId))
    .innerJoin(sellers, eq(sellers.userId, products.sellerId))
    .where(
      id
        ? eq(productReports.id, id)
        : status === 'open'
          ? eq(productReports.status, 'open')
          : sql`${productReports.status} <> 'open'`,
    )
    .orderBy(status === 'open' ? asc(productReports.createdAt) : desc(productReports.resolvedAt))
    .limit(200)
  return rows.map(({ report, product, handle }) => ({
    id: report.id,
    product: { id: product.id, title: product.title, slug: product.slug, status: product.status },
    seller: { id: product.sellerId, handle },
    reason: report.reason,
    details: report.details,
    reporter: report.reporterEmail,
    status: report.status,
    resolution: report.resolution,
    createdAt: report.createdAt.toISOString(),
  }))
}
