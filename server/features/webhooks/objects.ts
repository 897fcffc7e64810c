import type { checkIns, invoices, memberships, orderLines, orders, payouts } from '../../db/schema'

/**
 * The objects events carry, made from the rows the change wrote (no read of their own, so the event
 * shows the object exactly as that transaction left it). Money is in minor units with its currency, times
 * are ISO 8601 in UTC. Each names its id, so the API's GET of it gives the whole object.
 */

type OrderRow = typeof orders.$inferSelect
type OrderLineRow = typeof orderLines.$inferSelect
type InvoiceRow = typeof invoices.$inferSelect
type PayoutRow = typeof payouts.$inferSelect
type CheckInRow = typeof checkIns.$inferSelect
type MembershipRow = typeof memberships.$inferSelect

const iso = (at: Date | null | undefined) => at?.toISOString() ?? null

/**
 * An order as webhooks and the API show it: its totals and status, and what it bought line by line (the
 * top-level product, item and quantity are its first line's).
 */
export function orderObject(row: OrderRow, lines: OrderLineRow[]) {
  const money = (amount: number) => ({ amount, currency: row.currency })
  return {
    object: 'order',
    id: row.id,
    reference: row.reference,
    status: row.status,
    kind: row.kind,
    productId: row.productId,
    title: row.item.title,
    item: row.item.label,
    quantity: row.quantity,
    total: { amount: row.total, currency: row.currency },
    charged: { amount: row.chargeAmount, currency: row.chargeCurrency },
    method: row.method,
    buyerEmail: row.buyerEmail,
    fulfilment: row.fulfilment,
    discount: row.discountCode ? { code: row.discountCode, amount: row.discount } : null,
    recoveredFrom: row.recoveredFrom,
    bundle: row.item.bundle ? { id: row.item.bundle.id, title: row.item.bundle.title } : null,
    lines: lines.map((line) => ({
      position: line.position,
      productId: line.productId,
      kind: line.kind,
      title: line.item.title,
      item: line.item.label,
      quantity: line.quantity,
      unitPrice: money(line.unitPrice),
      shipping: money(line.shippingFee),
      discount: money(line.discount),
      total: money(line.total),
      /** Refunded on its own (the order may still be paid for its other lines). */
      refunded: line.refundedAt !== null,
      /** Bundles and offers: the product's own price, of which the line's is a share or an undercut. */
      listPrice:
        line.item.bundle || line.item.upsellOf
          ? money((line.item.bundle ?? line.item.upsellOf)?.listPrice ?? 0)
          : null,
    })),
    createdAt: iso(row.createdAt),
    paidAt: iso(row.paidAt),
    refundedAt: iso(row.refundedAt),
  }
}

/** A booking is its service order: the order's id, and the time booked. */
export function bookingObject(row: OrderRow) {
  return {
    object: 'booking',
    id: row.id,
    orderId: row.id,
    reference: row.reference,
    status: row.status === 'paid' ? 'booked' : 'cancelled',
    productId: row.productId,
    service: row.item.title,
    start: row.item.slot?.start ?? null,
    end: row.item.slot?.end ?? null,
    buyerTimeZone: row.item.timeZone,
    moves: row.item.moves ?? 0,
    buyerEmail: row.buyerEmail,
  }
}

export function checkInObject(
  row: CheckInRow,
  ticket: { code: string; orderId: string; holder: string | null },
) {
  return {
    object: 'check_in',
    id: row.id,
    ticketCode: ticket.code,
    orderId: ticket.orderId,
    eventId: row.productId,
    holderName: ticket.holder,
    door: row.door,
    at: iso(row.at),
  }
}

export function invoiceObject(row: InvoiceRow) {
  return {
    object: 'invoice',
    id: row.id,
    number: row.number,
    reference: row.reference,
    status: row.status,
    total: { amount: row.total, currency: row.currency },
    paid: { amount: row.paid, currency: row.currency },
    client: { name: row.clientName, email: row.clientEmail, phone: row.clientPhone },
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    sentAt: iso(row.sentAt),
    paidAt: iso(row.paidAt),
    voidedAt: iso(row.voidedAt),
  }
}

export function payoutObject(row: PayoutRow) {
  return {
    object: 'payout',
    id: row.id,
    status: row.status,
    rail: row.rail,
    speed: row.speed,
    amount: { amount: row.amount, currency: row.currency },
    fee: { amount: row.fee, currency: row.currency },
    receipt: row.receipt,
    failure: row.failureTitle
      ? { code: row.failureCode, title: row.failureTitle, text: row.failureText }
      : null,
    createdAt: iso(row.createdAt),
    paidAt: iso(row.paidAt),
  }
}

/**
 * A membership as webhooks and the API show it: its member, tier and period, what each period costs and
 * where its renewal stands (`past_due` while a failed renewal is retried; `cancelled` the member's choice,
 * with access to `periodEnd`).
 */
export function membershipObject(row: MembershipRow) {
  return {
    object: 'membership',
    id: row.id,
    productId: row.productId,
    memberEmail: row.email,
    tierId: row.tierId,
    interval: row.interval,
    price: { amount: row.amount, currency: row.currency },
    method: row.method,
    status: row.status,
    periodStart: iso(row.periodStart),
    periodEnd: iso(row.periodEnd),
    cancelled: row.cancelledAt !== null,
    failedAttempts: row.attempts,
    nextAttemptAt: iso(row.nextAttemptAt),
    /** The member's change of tier, from the next period. */
    nextTier: row.nextTier
      ? {
          tierId: row.nextTier.tierId,
          interval: row.nextTier.interval,
          price: { amount: row.nextTier.amount, currency: row.nextTier.currency },
        }
      : null,
    /** A pause asked for or under way, in months (`status` is `paused` while it lasts). */
    pauseMonths: row.pauseMonths,
    /** Joined with a free trial, which ends (or ended) then: its first payment is taken at that time. */
    trialEndsAt: iso(row.trialEndsAt),
    createdAt: iso(row.createdAt),
    endedAt: iso(row.endedAt),
  }
}
