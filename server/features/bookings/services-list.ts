import { and, asc, eq, ilike, isNotNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { bookingsContract, ServiceListing } from '../../../contract/bookings.contract'
import type { ServiceDetails } from '../../../contract/catalog.contract'
import type { DbOrTx } from '../../db/client'
import { products, sellers } from '../../db/schema'
import { clock } from '../../lib/clock'
import { escapeLike } from '../../lib/like'
import { onSale } from '../catalog'
import { serviceSlots, takenSlotsByProduct } from '../checkout'

type Input = z.output<(typeof bookingsContract)['listServices']['input']>

/** How many services a page of /book holds. */
const PAGE = 24
/** How far ahead "next free" looks. */
const NEXT_FREE_DAYS = 14

/**
 * The services on sale, each with its soonest free time in the next two weeks (its hours less the times
 * held), searched and filtered in SQL; sorted by price there, or by the soonest free time here (services
 * with none last).
 */
export async function listServices(db: DbOrTx, input: Input, now = clock.ms()) {
  const offset = Number(input.cursor ?? 0)
  const words = escapeLike(input.query)
  const where = and(
    onSale,
    eq(products.kind, 'service'),
    words ? ilike(products.searchText, `%${words}%`) : undefined,
    input.category ? eq(products.category, input.category) : undefined,
  )
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      category: products.category,
      priceAmount: products.priceAmount,
      priceCurrency: products.priceCurrency,
      details: products.details,
      handle: sellers.handle,
      displayName: sellers.displayName,
    })
    .from(products)
    .innerJoin(sellers, eq(sellers.userId, products.sellerId))
    .where(where)
    .orderBy(asc(products.priceAmount), asc(products.id))
  // Every listed service's booked times in one query, not one per service.
  const taken = await takenSlotsByProduct(
    db,
    rows.map((row) => row.id),
  )
  const listed: (ServiceListing & { order: number })[] = []
  for (const row of rows) {
    const details = row.details as ServiceDetails
    const [next] = serviceSlots(details, { days: NEXT_FREE_DAYS, now, taken: taken.get(row.id) ?? [] })
    listed.push({
      slug: row.slug,
      title: row.title,
      category: row.category,
      price: { amount: row.priceAmount, currency: row.priceCurrency },
      durationMinutes: details.durationMinutes,
      seller: { handle: row.handle, displayName: row.displayName },
      where: details.where.kind === 'place' ? details.where.address : 'Online',
      nextFree: next ?? null,
      order: next ? Date.parse(next.start) : Number.POSITIVE_INFINITY,
    })
  }
  if (input.sort === 'soonest') listed.sort((a, b) => a.order - b.order)
  const categories = await db
    .selectDistinct({ category: products.category })
    .from(products)
    .where(and(onSale, eq(products.kind, 'service'), isNotNull(products.category)))
    .orderBy(sql`1`)
  return {
    services: listed.slice(offset, offset + PAGE).map(({ order: _, ...service }) => service),
    categories: categories.flatMap((c) => (c.category ? [c.category] : [])),
    nextCursor: listed.length > offset + PAGE ? String(offset + PAGE) : null,
  }
}
