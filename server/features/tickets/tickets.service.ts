import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { EventDetails } from '../../../contract/catalog.contract'
import { TICKETS } from '../../../contract/errors/tickets'
import type { AttendeeList, ticketsContract } from '../../../contract/tickets.contract'
import type { DbOrTx } from '../../db/client'
import { checkIns, orderLines, orders, products, tickets } from '../../db/schema'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { checkInObject, emitEvent } from '../webhooks'

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
  if (!event) throw new AppError(404, TICKETS.noSuchEvent)
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
  now = clock.now(),
): Promise<AttendeeList> {
  const event = await ownEvent(db, sellerId, eventId)
  const rows = await db
    .select({
      id: tickets.id,
      code: tickets.code,
      holder: tickets.holderName,
      ticketTypeId: tickets.ticketTypeId,
      // A ticket whose event's line was refunded on its own is refunded while the rest of its order stays paid.
      status: sql<string>`case when exists (select 1 from ${orderLines} l where l.order_id = ${tickets.orderId} and l.kind = 'event' and l.refunded_at is not null) then 'refunded' else ${orders.status} end`,
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
    // The valid check-in first, then its duplicates in the order they reached Soko.
    .orderBy(desc(checkIns.valid), asc(checkIns.createdAt), asc(checkIns.id))
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
 * Records a door device's check-ins, each once by its id, and says for each what it was. Of a paid ticket
 * of this event, the first check-in to reach the database is valid and every later one, from any door and
 * whatever its device's clock says, a duplicate with the valid one's time and door: the database decides,
 * by the unique index on a ticket's valid check-in, so doors syncing at once on any number of instances
 * get one valid answer between them. A scan sent again gets the answer it got before; a scan id already
 * stored for another ticket is refused (`id-reused`) and the stored one kept. A refunded ticket, one of
 * another of the seller's events, or a code nobody issued is refused and not stored.
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
          orderId: tickets.orderId,
          productId: orders.productId,
          sellerId: orders.sellerId,
          status: sql<string>`case when exists (select 1 from ${orderLines} l where l.order_id = ${tickets.orderId} and l.kind = 'event' and l.refunded_at is not null) then 'refunded' else ${orders.status} end`,
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
    if (!ticket) results.push({ ...base, result: 'unknown' })
    else if (ticket.productId !== input.eventId) results.push({ ...base, result: 'other-event' })
    else if (ticket.status !== 'paid') results.push({ ...base, result: 'refunded' })
    else results.push({ ...base, ...(await record(db, sellerId, input, scan, ticket)) })
  }
  return results
}

type Verdict = Pick<SyncResult, 'result' | 'first'>

/**
 * Stores one scan of a paid ticket and answers it. Each insert is one statement that the database settles
 * under its unique indexes (the scan's id; the ticket's one valid row), waiting for a concurrent insert of
 * the same key to commit: no read-then-write, so no window between two doors.
 */
async function record(
  db: DbOrTx,
  sellerId: string,
  input: SyncInput,
  scan: SyncInput['checkIns'][number],
  ticket: { id: string; code: string; orderId: string; holder: string | null },
): Promise<Verdict> {
  const ticketId = ticket.id
  const row = {
    id: scan.id,
    ticketId,
    productId: input.eventId,
    deviceId: input.deviceId,
    door: input.door,
    at: new Date(scan.at),
  }
  // The valid check-in, unless the ticket has one (or this id is taken): then nothing is written. Its
  // event is written with it, so only the one valid check-in of a ticket is ever announced.
  const admitted = await db.transaction(async (tx) => {
    const [valid] = await tx
      .insert(checkIns)
      .values({ ...row, valid: true })
      .onConflictDoNothing()
      .returning()
    if (valid)
      await emitEvent(tx, {
        sellerId,
        type: 'ticket.checked_in',
        objectId: valid.id,
        object: checkInObject(valid, ticket),
      })
    return valid
  })
  if (admitted) return { result: 'valid', first: null }
  // A duplicate, unless this id is taken.
  const [kept] = await db
    .insert(checkIns)
    .values({ ...row, valid: false })
    .onConflictDoNothing()
    .returning({ id: checkIns.id })
  if (kept) return duplicateOf(db, ticketId)
  // The id was stored before: a replay gets its answer again; another ticket's scan is not overwritten.
  const [stored] = await db.select().from(checkIns).where(eq(checkIns.id, scan.id))
  if (!stored || stored.ticketId !== ticketId) return { result: 'id-reused', first: null }
  return stored.valid ? { result: 'valid', first: null } : duplicateOf(db, ticketId)
}

async function duplicateOf(db: DbOrTx, ticketId: string): Promise<Verdict> {
  const [first] = await db
    .select({ at: checkIns.at, door: checkIns.door })
    .from(checkIns)
    .where(and(eq(checkIns.ticketId, ticketId), eq(checkIns.valid, true)))
  // A duplicate is only stored once the ticket's valid check-in was, and check-ins are never deleted.
  if (!first) throw new Error(`Check-in of ticket ${ticketId} stored as a duplicate of none`)
  return { result: 'duplicate', first: { at: first.at.toISOString(), door: first.door } }
}
