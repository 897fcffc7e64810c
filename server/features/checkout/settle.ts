import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { PaymentMethod } from '../../../contract/checkout.constants'
import { orders, paymentEvents, products, tickets, users } from '../../db/schema'
import { postTransaction } from '../../ledger/ledger'
import { saleEntries } from '../../ledger/postings'
import { clock } from '../../lib/clock'
import { uuidv7 } from '../../lib/uuid'
import type { ChargeOutcome } from '../../payments/provider'
import { byKind, type ProductRow } from '../catalog'
import { bookingObject, emitEvent, orderObject } from '../webhooks'
import { EVENT_REMINDER_MINUTES, scheduleReminders } from './booking-reminders'
import type { CheckoutServices } from './deps'
import { orderMails } from './mails'
import { membershipPaid, membershipStillOpen } from './membership-line'
import { CHECKOUT_NOTES } from './notes'
import { linesOf, type OrderLineRow } from './order-lines'
import { heldQuantity, type OrderRow, type Tx, takenSlots } from './orders'
import { queueReceiptSms } from './receipt-sms'
import { refundOrder } from './refunds'

export interface Settlement {
  /** The provider's (or our) name for the event, so the same one processed twice changes nothing. */
  eventKey: string
  provider: PaymentMethod | 'free'
  orderId: string
  outcome: ChargeOutcome
  payload?: unknown
}

/**
 * Applies a verified outcome to its order, once. The event's key is recorded in the same transaction as
 * the change, under the order's row lock: a second delivery (or the same one at another instance) finds
 * the key taken and changes nothing. A payment is fulfilled with one ledger transaction, its tickets and,
 * after the commit, the receipt.
 */
export async function settle(
  deps: CheckoutServices,
  s: Settlement,
): Promise<{ changed: boolean; order: OrderRow | null }> {
  const { db } = deps
  let refundAfter = false
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, s.orderId)).for('update')
    if (!row) return { changed: false, order: null }
    // Only the order's own provider can speak for it: the books never record a sale on another method.
    if (row.method !== s.provider) {
      deps.log.error('a payment message for an order of another method was ignored', {
        orderId: row.id,
        method: row.method,
        provider: s.provider,
        event: s.eventKey,
      })
      return { changed: false, order: row }
    }
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({
        provider: s.provider,
        eventId: s.eventKey,
        orderId: row.id,
        type: s.outcome.kind,
        payload: s.payload ?? s.outcome,
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId })
    if (!fresh) return { changed: false, order: row }
    const outcome = s.outcome
    if (outcome.kind === 'failed') {
      if (row.status !== 'pending') return { changed: false, order: row }
      const [updated] = await tx
        .update(orders)
        .set({
          status: 'failed',
          failure: { code: outcome.code, message: outcome.message },
          updatedAt: clock.now(),
        })
        .where(eq(orders.id, row.id))
        .returning()
      return { changed: true, order: updated ?? row }
    }
    if (['paid', 'refunding', 'refunded'].includes(row.status)) {
      // A second payment for one order (a prompt accepted and a Paybill payment too): the money came twice.
      deps.log.error('a second payment arrived for a paid order: refund it to the buyer', {
        orderId: row.id,
        event: s.eventKey,
        receipt: outcome.receipt,
      })
      return { changed: false, order: row }
    }
    if (outcome.amount.amount !== row.chargeAmount || outcome.amount.currency !== row.chargeCurrency) {
      // Never fulfil for a different amount: it needs a person to look at it.
      deps.log.error('payment amount does not match the order', {
        orderId: row.id,
        expected: `${row.chargeCurrency} ${row.chargeAmount}`,
        got: `${outcome.amount.currency} ${outcome.amount.amount}`,
      })
      await tx
        .update(orders)
        .set({
          failure: { code: 'amount', message: CHECKOUT_NOTES.amountMismatch.message },
          updatedAt: clock.now(),
        })
        .where(eq(orders.id, row.id))
      return { changed: false, order: row }
    }
    if (row.status !== 'pending' || row.kind === 'membership') {
      // Paid after it was cancelled or expired: keep it if what it held is still free, else give it back. A
      // membership's payment is always asked: its period may have been paid another way, or the membership ended.
      refundAfter = !(await stillAvailable(tx, row))
    }
    const updated = await fulfilPaid(tx, row, outcome, clock.now())
    return { changed: true, order: updated }
  })
  if (result.changed && result.order?.status === 'paid') {
    await orderMails(deps).paid(result.order)
    await queueReceiptSms(deps, result.order)
    if (refundAfter) {
      const soldOut = { text: CHECKOUT_NOTES.soldOut.message, code: CHECKOUT_NOTES.soldOut.id }
      await refundOrder(deps, result.order.id, null, soldOut).catch((error) =>
        deps.log.error('automatic refund failed', { orderId: result.order?.id, error }),
      )
    }
  }
  return result
}

/**
 * Whether an order that lost its hold could take it again now: every line's stock, seat or time free. The
 * lines' products are locked in the order of their ids, as checkout locks them.
 */
async function stillAvailable(tx: Tx, row: OrderRow): Promise<boolean> {
  const lines = await linesOf(tx, row.id)
  const ids = [...new Set(lines.map((line) => line.productId))].sort()
  const locked = new Map<string, ProductRow>()
  for (const id of ids) {
    const [product] = await tx.select().from(products).where(eq(products.id, id)).for('update')
    if (!product) return false
    locked.set(id, product)
  }
  for (const line of lines) {
    const product = locked.get(line.productId)
    if (!product || !(await lineAvailable(tx, row.id, line, product))) return false
  }
  return true
}

async function lineAvailable(tx: Tx, orderId: string, line: OrderLineRow, product: ProductRow) {
  if (line.kind === 'digital') return true
  if (line.kind === 'membership') {
    const offered = byKind(product)
    const tier =
      offered.kind === 'membership'
        ? offered.details.tiers.find((t) => t.id === line.item.membership?.tierId)
        : undefined
    return tier !== undefined && (await membershipStillOpen(tx, line, tier.memberLimit))
  }
  if (line.kind === 'service') {
    const slot = line.item.slot
    if (!slot) throw new Error(`service order ${orderId} holds no slot`)
    const taken = await takenSlots(tx, line.productId, orderId)
    return !taken.some(
      (t) => Date.parse(t.start) < Date.parse(slot.end) && Date.parse(slot.start) < Date.parse(t.end),
    )
  }
  const offered = byKind(product)
  const capacity =
    (offered.kind === 'merch'
      ? (offered.details.variants ?? []).find((v) => v.id === line.itemKey)?.stock
      : offered.kind === 'event'
        ? (offered.details.ticketTypes ?? []).find((t) => t.id === line.itemKey)?.capacity
        : undefined) ?? 0
  return capacity - (await heldQuantity(tx, line.productId, line.itemKey, orderId)) >= line.quantity
}

/**
 * What a payment does to its order, in the caller's transaction (which holds the order's row lock): the
 * order is paid, the sale goes into the books, and each line delivers as if bought alone: an event's
 * tickets are issued with their names, a booking's and an event's reminders set, merch waits to be sent, a
 * membership starts or renews, and each line's product counts one more sale. The demo data's sales are
 * made with it too, so they are the same as real ones.
 */
export async function fulfilPaid(
  tx: Tx,
  row: OrderRow,
  outcome: Extract<ChargeOutcome, { kind: 'paid' }>,
  paidAt: Date,
): Promise<OrderRow> {
  const lines = await linesOf(tx, row.id)
  const [updated] = await tx
    .update(orders)
    .set({
      status: 'paid',
      paidAt,
      failure: null,
      payment: { ...(row.payment ?? {}), ...outcome.details, receipt: outcome.receipt },
      fulfilment: lines.some((line) => line.kind === 'merch') ? 'to_ship' : null,
      updatedAt: paidAt,
    })
    .where(eq(orders.id, row.id))
    .returning()
  if (!updated) throw new Error('order vanished under its lock')
  if (updated.total > 0 || updated.chargeAmount > 0)
    await postTransaction(tx, {
      kind: 'sale',
      orderId: updated.id,
      // i18n-ignore: a ledger memo, the books' own record (the seller's lists write their own titles)
      memo: `Sale ${updated.reference}`,
      entries: saleEntries(updated, paidAt),
    })
  let ticketsIssued = 0
  for (const line of lines) {
    if (line.kind === 'event') {
      // Each ticket carries the name given for it at checkout, else the buyer's.
      const [buyer] = await tx.select({ name: users.name }).from(users).where(eq(users.id, updated.buyerId))
      await tx.insert(tickets).values(
        Array.from({ length: line.quantity }, (_, i) => ({
          id: uuidv7(),
          orderId: updated.id,
          code: `${updated.reference}-${randomBytes(5).toString('hex').toUpperCase()}`,
          ticketTypeId: line.itemKey,
          holderName: line.item.holders?.[i] ?? buyer?.name ?? null,
          position: ticketsIssued + i,
        })),
      )
      ticketsIssued += line.quantity
      const [event] = await tx
        .select({ details: products.details })
        .from(products)
        .where(eq(products.id, line.productId))
      const startsAt = (event?.details as { startsAt?: string } | undefined)?.startsAt
      if (startsAt)
        await scheduleReminders(tx, updated.id, { start: startsAt }, paidAt.getTime(), EVENT_REMINDER_MINUTES)
    }
    if (line.kind === 'service' && line.item.slot)
      await scheduleReminders(tx, updated.id, line.item.slot, paidAt.getTime())
    if (line.kind === 'membership') await membershipPaid(tx, updated, line, outcome, paidAt)
    await tx
      .update(products)
      .set({ salesCount: sql`${products.salesCount} + 1` })
      .where(eq(products.id, line.productId))
  }
  await emitEvent(tx, {
    sellerId: updated.sellerId,
    type: 'order.paid',
    objectId: updated.id,
    object: orderObject(updated, lines),
  })
  if (updated.kind === 'service')
    await emitEvent(tx, {
      sellerId: updated.sellerId,
      type: 'booking.created',
      objectId: updated.id,
      object: bookingObject(updated),
    })
  // Paid through a reminder's link: the checkout left unpaid came back.
  if (updated.recoveredFrom)
    await emitEvent(tx, {
      sellerId: updated.sellerId,
      type: 'checkout.recovered',
      objectId: updated.id,
      object: orderObject(updated, lines),
    })
  return updated
}
