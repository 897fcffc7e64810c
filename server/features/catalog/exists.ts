import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products } from '../../db/schema'
import { onSale } from './listed'

/** Whether /book/{slug} is a page: a service on sale (published, by a seller who is not suspended). */
export async function isBookable(db: Db, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(sql`lower(${products.slug}) = lower(${slug})`, eq(products.kind, 'service'), onSale))
    .limit(1)
  return row !== undefined
}

/** Whether /explore/{category} is a page: some product on sale is filed under that category. */
export async function hasCategory(db: Db, category: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        onSale,
        sql`trim(both '-' from regexp_replace(lower(coalesce(${products.category}, '')), '[^a-z0-9]+', '-', 'g')) = ${category.toLowerCase()}`,
      ),
    )
    .limit(1)
  return row !== undefined
}
