import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Booking, bookingsContract } from '../../../contract/bookings.contract'
import type { ServiceDetails } from '../../../contract/catalog.contract'
import type { CurrencyCode } from '../../../contract/currencies'
import { BOOKINGS, BOOKINGS_FIELD } from '../../../contract/errors/bookings'
import { CHECKOUT, CHECKOUT_FIELD } from '../../../contract/errors/checkout'
import type { DbOrTx } from '../../db/client'
import { orderLines, orders, products } from '../../db/schema'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { isUuid } from '../../lib/uuid'
import { isInstant } from '../../lib/validation'
import type { RpcContext } from '../../rpc/context'
import {
  CHECKOUT_NOTES,
  changeHours,
  changeUntil,
  dropReminders,
  findSlot,
  type OrderRow,
  refundOrder,
  scheduleReminders,
  takenSlots,
  visibleOrder,
} from '../checkout'
import { bookingObject, emitEvent } from '../webhooks'
import type { BookingServices } from './deps'
import { bookingMessages } from './messages'

/**
 * Bookings are the paid orders of services: the seller's agenda reads them, and a booking moves (to another
 * free time of its service, checked under the product's lock as a checkout is) or is cancelled (refunded in
 * full through the order's refund, which frees its time).
 */

type ListInput = z.output<(typeof bookingsContract)['listBookings']['input']>
type Row = Record<string, unknown>

const STATUS = { paid: 'booked', refunding: 'cancelling', refunded: 'cancelled' } as const

async function rows(db: DbOrTx, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows
}

/** The seller's agenda: upcoming bookings soonest first, or past ones latest first. */
export async function listBookings(
  db: DbOrTx,
  sellerId: string,
  input: ListInput,
  now = clock.now(),
): Promise<{ bookings: Booking[]; nextCursor: string | null }> {
  const upcoming = input.when === 'upcoming'
  // After the last booking shown, by its start then its id: a booking made meanwhile never shifts a page.
  const [afterStart, afterId] = input.cursor?.split('|') ?? []
  if (input.cursor && (!isInstant(afterStart) || !isUuid(afterId ?? '')))
    throw new AppError(400, CHECKOUT.pageMarkerNotValid, { fields: { cursor: CHECKOUT_FIELD.startAgain } })
  const start = sql`(o.item->'slot'->>'start')::timestamptz`
  const after =
    afterStart && afterId
      ? upcoming
        ? sql`and (${start}, o.id) > (${afterStart}::timestamptz, ${afterId}::uuid)`
        : sql`and (${start}, o.id) < (${afterStart}::timestamptz, ${afterId}::uuid)`
      : sql``
  // A guest's account is named after its e-mail's first part: that is no name, so the e-mail shows.
  const found = await rows(
    db,
    sql`
      select o.id, o.reference, o.product_id, o.status, o.total, o.currency, o.buyer_email,
        o.item->'slot'->>'start' as start, o.item->'slot'->>'end' as "end", o.item->>'title' as title,
        nullif(u.name, split_part(o.buyer_email, '@', 1)) as name, case when u.phone_verified_at is not null then u.phone end as user_phone,
        nullif(coalesce(o.payment->>'payerPhone', o.payment->>'phone'), '') as payer_phone,
        p.details->>'timeZone' as time_zone, p.details->'where' as "where"
      from orders o
      join users u on u.id = o.buyer_id
      join products p on p.id = o.product_id
      where o.seller_id = ${sellerId} and o.kind = 'service' and o.item ? 'slot'
        and o.status in ('paid', 'refunding', 'refunded')
        and ${upcoming ? sql`(o.item->'slot'->>'end')::timestamptz >= ${now}` : sql`(o.item->'slot'->>'end')::timestamptz < ${now}`}
        ${after}
      order by ${start} ${upcoming ? sql`asc` : sql`desc`}, o.id ${upcoming ? sql`asc` : sql`desc`}
      limit ${input.limit + 1}`,
  )
  const shown = found.slice(0, input.limit)
  const last = shown.at(-1)
  return {
    bookings: shown.map((r) => {
      const where = r.where as ServiceDetails['where'] | null
      return {
        orderId: String(r.id),
        reference: String(r.reference),
        productId: String(r.product_id),
        service: String(r.title),
        buyer: {
          name: String(r.name ?? ''),
          email: String(r.buyer_email),
          phone: (r.payer_phone ?? r.user_phone ?? null) as string | null,
        },
        start: new Date(String(r.start)).toISOString(),
        end: new Date(String(r.end)).toISOString(),
        timeZone: String(r.time_zone ?? 'Africa/Nairobi'),
        status: STATUS[r.status as keyof typeof STATUS],
        total: { amount: Number(r.total), currency: r.currency as CurrencyCode },
        where: where?.kind === 'place' ? where.address : 'Online',
      }
    }),
    nextCursor:
      found.length > input.limit && last ? `${new Date(String(last.start)).toISOString()}|${last.id}` : null,
  }
}

/** Who is changing a booking: its buyer, or its seller (an admin counts as the seller). */
type Actor = 'buyer' | 'seller'

/** The booking the caller may change, and as whom; 404 for anyone else, 400 for an order of another kind. */
async function ownBooking(ctx: RpcContext, orderId: string, key: string | undefined) {
  const row = await visibleOrder(ctx, orderId, key)
  const slot = row.item.slot
  if (row.kind !== 'service' || !slot) throw new AppError(400, BOOKINGS.orderNotBooking)
  const user = ctx.caller?.user
  const actor: Actor = user && (user.id === row.sellerId || user.roles.includes('admin')) ? 'seller' : 'buyer'
  const [product] = await ctx.db.select().from(products).where(eq(products.id, row.productId))
  if (!product) throw new AppError(404, BOOKINGS.serviceNoLongerExists)
  return { row, slot, actor, details: product.details as ServiceDetails }
}

/** A booking that can still change: paid, not started; for a buyer, within the seller's notice. */
function assertChangeable(
  row: OrderRow,
  slot: { start: string },
  actor: Actor,
  details: ServiceDetails,
  now: number,
  what: 'move' | 'cancel',
) {
  if (row.status === 'refunding' || row.status === 'refunded')
    throw new AppError(409, BOOKINGS.bookingAlreadyCancelled)
  if (row.status !== 'paid') throw new AppError(409, BOOKINGS.bookingNotPaid)
  if (Date.parse(slot.start) <= now)
    throw new AppError(409, what === 'move' ? BOOKINGS.startedCannotMove : BOOKINGS.startedCannotCancel)
  if (actor === 'buyer' && !changeUntil(details, slot, now)) {
    const hours = changeHours(details)
    if (hours <= 0)
      throw new AppError(403, what === 'move' ? BOOKINGS.onlySellerMoves : BOOKINGS.onlySellerCancels)
    const until =
      what === 'move'
        ? hours === 1
          ? BOOKINGS.moveUpToHour
          : BOOKINGS.moveUpToHours
        : hours === 1
          ? BOOKINGS.cancelUpToHour
          : BOOKINGS.cancelUpToHours
    throw new AppError(403, until, { params: { hours } })
  }
}

/**
 * Moves a booking to another free time of its service. The product's row is locked as a checkout locks
 * it, so the new time cannot be sold or taken by another move meanwhile; the reminders move with it.
 */
export async function rescheduleBooking(
  deps: BookingServices,
  ctx: RpcContext,
  input: { orderId: string; key?: string | undefined; slot: string },
): Promise<OrderRow> {
  const { row, slot: old, actor, details } = await ownBooking(ctx, input.orderId, input.key)
  const now = clock.ms()
  assertChangeable(row, old, actor, details, now, 'move')
  if (Date.parse(input.slot) === Date.parse(old.start))
    throw new AppError(400, BOOKINGS.timeAlreadyBookedChoose, {
      fields: { slot: BOOKINGS_FIELD.alreadyBooked },
    })
  const moved = await deps.db.transaction(async (tx) => {
    await tx.select({ id: products.id }).from(products).where(eq(products.id, row.productId)).for('update')
    const [current] = await tx.select().from(orders).where(eq(orders.id, row.id)).for('update')
    if (current?.status !== 'paid' || current.item.slot?.start !== old.start)
      throw new AppError(409, BOOKINGS.bookingJustChangedReload)
    const slot = findSlot(details, input.slot, now, await takenSlots(tx, row.productId, row.id))
    if (!slot)
      throw new AppError(409, BOOKINGS.timeNotFreeChoose, { fields: { slot: BOOKINGS_FIELD.noLongerFree } })
    const [updated] = await tx
      .update(orders)
      .set({
        item: { ...current.item, slot, moves: (current.item.moves ?? 0) + 1 },
        itemKey: slot.start,
        updatedAt: new Date(now),
      })
      .where(eq(orders.id, row.id))
      .returning()
    if (!updated) throw new Error('order vanished under its lock')
    // The booking's line holds the time: it moves with the order.
    await tx
      .update(orderLines)
      .set({ item: updated.item, itemKey: slot.start })
      .where(and(eq(orderLines.orderId, row.id), eq(orderLines.productId, row.productId)))
    await scheduleReminders(tx, updated.id, slot, now)
    await emitEvent(tx, {
      sellerId: updated.sellerId,
      type: 'booking.rescheduled',
      objectId: updated.id,
      object: bookingObject(updated),
    })
    return updated
  })
  await bookingMessages(deps).moved(moved, old, actor)
  return moved
}

/**
 * Cancels a booking: refunded in full through the order's refund (which frees its time at once), its
 * reminders dropped; the other side is told.
 */
export async function cancelBooking(
  deps: BookingServices,
  ctx: RpcContext,
  input: { orderId: string; key?: string | undefined; reason: string },
): Promise<OrderRow> {
  const { row, slot, actor, details } = await ownBooking(ctx, input.orderId, input.key)
  assertChangeable(row, slot, actor, details, clock.ms(), 'cancel')
  // Soko's own words when the person gave none, by id, so each reader of the refund gets their language.
  const ours = actor === 'buyer' ? CHECKOUT_NOTES.buyerCancelled : CHECKOUT_NOTES.sellerCancelled
  const reason = input.reason || { text: ours.message, code: ours.id }
  await refundOrder(deps, row.id, ctx.caller?.user.id ?? null, reason)
  await dropReminders(deps.db, row.id)
  const [after] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, row.id)))
  if (!after) throw new Error('order vanished')
  await bookingMessages(deps).cancelled(after, actor, input.reason)
  return after
}
