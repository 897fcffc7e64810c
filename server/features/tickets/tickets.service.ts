import { and, asc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { EventDetails } from '../../../contract/catalog.contract'
import type { AttendeeList, ticketsContract } from '../../../contract/tickets.contract'
import type { DbOrTx } from '../../db/client'
import { checkIns, orders, products, tickets } from '../../db/schema'
import { AppError } from '../../lib/errors'

type SyncInput = z.output<(typeof ticketsContract)['syncCheckIns']['input']>
type SyncResult = z.output<(typeof ticketsContract)['syncCheckIns']['output']>['results'][number]

/** Orders whose tickets exist: paid ones let people in; refunded ones are listed, and refused. */
const ISSUED = ['paid', 'refunding', 'refunded'] as const

/** The seller's own event, or 404 (another seller's event is no different from none). */
async function ownEvent(db: DbOrTx, sellerId: string, eventId: string) {
  const [event] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, eventId), eq(products.sellerId, sellerId), eq(products.kind, 'event')))
  if (!event) throw new AppError(404, 'No such event among yours')
  return { ...event, details: event.details as EventDetails }
}

/**
 * An event's attendee list for its seller: every ticket issued, with its holder, type, buyer, whether it
 * still lets someone in, and its check-ins; per ticket type, the capacity, sold and checked in.
 */
export async function listAttendees(
  db: DbOrTx,
  sellerId: string,
  eventId: string,
  now = new Date(),
): Promise<AttendeeList> {
  const event = await ownEvent(db, sellerId, eventId)
  const rows = await db
    .select({
      id: tickets.id,
      code: tickets.code,
      holder: tickets.holderName,
      ticketTypeId: tickets.ticketTypeId,
      status: orders.status,
      buyerEmail: orders.buyerEmail,
      reference: orders.reference,
      ticketType: orders.item,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(orders.productId, eventId), inArray(orders.status, [...ISSUED])))
    .orderBy(asc(tickets.holderName), asc(tickets.code))
  const scans = await db
    .select()
    .from(checkIns)
    .where(eq(checkIns.productId, eventId))
    .orderBy(asc(checkIns.at), asc(checkIns.id))
  const byTicket = new Map<string, { at: string; door: string }[]>()
  for (const scan of scans)
    byTicket.set(scan.ticketId, [
      ...(byTicket.get(scan.ticketId) ?? []),
      { at: scan.at.toISOString(), door: scan.door },
    ])
  const attendees = rows.map((row) => ({
    code: row.code,
    holder: row.holder ?? '',
    ticketTypeId: row.ticketTypeId,
    ticketType: row.ticketType.ticketType ?? '',
    buyerEmail: row.buyerEmail,
    reference: row.reference,
    status: row.status === 'paid' ? ('valid' as const) : ('refunded' as const),
    checkIns: byTicket.get(row.id) ?? [],
  }))
  const details = event.details
  return {
    event: {
      id: event.id,
      title: event.title,
      startsAt: details.startsAt,
      endsAt: details.endsAt ?? null,
      timeZone: details.timeZone,
      where: details.where.kind === 'place' ? details.where.address : 'Online',
    },
    types: details.ticketTypes.map((type) => {
      const own = attendees.filter((a) => a.ticketTypeId === type.id && a.status === 'valid')
      return {
        id: type.id ?? '',
        name: type.name,
        capacity: type.capacity,
        sold: own.length,
        checkedIn: own.filter((a) => a.checkIns.length > 0).length,
      }
    }),
    attendees,
    at: now.toISOString(),
  }
}

/**
 * Records a door device's check-ins, each once by its id (a batch sent again changes nothing), and says
 * for each what it was: the first check-in of a paid ticket of this event is valid; a later one (another
 * scan, another door) a duplicate, with the first's time and door; a refunded ticket, one of another of the
 * seller's events, or a code nobody issued, refused.
 */
export async function syncCheckIns(db: DbOrTx, sellerId: string, input: SyncInput): Promise<SyncResult[]> {
  await ownEvent(db, sellerId, input.eventId)
  const codes = [...new Set(input.checkIns.map((c) => c.code))]
  const found = codes.length
    ? await db
        .select({
          id: tickets.id,
          code: tickets.code,
          holder: tickets.holderName,
          productId: orders.productId,
          sellerId: orders.sellerId,
          status: orders.status,
        })
        .from(tickets)
        .innerJoin(orders, eq(orders.id, tickets.orderId))
        .where(inArray(tickets.code, codes))
    : []
  const byCode = new Map(found.filter((t) => t.sellerId === sellerId).map((t) => [t.code, t]))
  const results: SyncResult[] = []
  for (const scan of input.checkIns) {
    const ticket = byCode.get(scan.code)
    const base = { id: scan.id, holder: ticket?.holder ?? null, first: null }
    if (!ticket) {
      results.push({ ...base, result: 'unknown' })
      continue
    }
    if (ticket.productId !== input.eventId) {
      results.push({ ...base, result: 'other-event' })
      continue
    }
    if (ticket.status !== 'paid') {
      results.push({ ...base, result: 'refunded' })
      continue
    }
    await db
      .insert(checkIns)
      .values({
        id: scan.id,
        ticketId: ticket.id,
        productId: input.eventId,
        deviceId: input.deviceId,
        door: input.door,
        at: new Date(scan.at),
      })
      .onConflictDoNothing()
    const [first] = await db
      .select()
      .from(checkIns)
      .where(eq(checkIns.ticketId, ticket.id))
      .orderBy(asc(checkIns.at), asc(checkIns.id))
      .limit(1)
    results.push(
      first && first.id !== scan.id
        ? { ...base, result: 'duplicate', first: { at: first.at.toISOString(), door: first.door } }
        : { ...base, result: 'valid' },
    )
  }
  return results
}
