import { and, eq, ne, sql } from 'drizzle-orm'
import type { WebhookEvent } from '../../../contract/webhooks.constants'
import type { DbOrTx, Tx } from '../../db/client'
import type { MembershipItem, NextTier, OrderItem, SavedPayment } from '../../db/columns.types'
import { memberships, type orderLines, type orders } from '../../db/schema'
import { periodEnd } from '../../lib/membership-periods'
import { uuidv7 } from '../../lib/uuid'
import type { ChargeOutcome } from '../../payments/provider'
import { emitEvent, membershipObject } from '../webhooks'

type OrderRow = typeof orders.$inferSelect
type LineRow = typeof orderLines.$inferSelect
type Paid = Extract<ChargeOutcome, { kind: 'paid' }>

type MembershipRow = typeof memberships.$inferSelect

/** A membership's webhook event, in the transaction of its change. */
export function membershipEvent(
  tx: DbOrTx,
  type: Extract<WebhookEvent, `membership.${string}`>,
  row: MembershipRow,
) {
  return emitEvent(tx, { sellerId: row.sellerId, type, objectId: row.id, object: membershipObject(row) })
}

/**
 * What a paid payment saved to charge again: a card's customer and payment method, and how it reads; or
 * the PayPal subscription that bills by itself, and what it bills.
 */
export function savedFrom(outcome: Paid): SavedPayment | null {
  const { customer, paymentMethod, subscription } = outcome.details as {
    customer?: unknown
    paymentMethod?: unknown
    subscription?: unknown
  }
  if (typeof subscription === 'string') return { subscription, charge: outcome.amount }
  if (typeof customer !== 'string' || typeof paymentMethod !== 'string') return null
  return { customer, paymentMethod, ...(outcome.receipt ? { card: outcome.receipt } : {}) }
}

/*
 * What a paid order of a membership delivers, as settle.ts delivers tickets and bookings: the membership
 * started or moved on a period (server/features/memberships charges and retries the renewals).
 */

/**
 * What a membership's paid order does, in the payment's transaction (fulfilPaid's): the first payment
 * makes the membership, its first period starting now; a renewal moves its membership on by the period it
 * paid for and clears its failures. A card paid with on the page (a renewal the member paid after a
 * decline) becomes the one charged next time.
 */
export async function membershipPaid(tx: Tx, order: OrderRow, line: LineRow, outcome: Paid, paidAt: Date) {
  const bought = line.item.membership
  if (!bought) throw new Error(`membership order ${order.id} names no tier`)
  const started = savedFrom(outcome)
  // A PayPal subscription started with a free trial bills the tier's price from its end, not the nothing
  // its start took.
  const saved =
    started?.subscription && bought.trial
      ? { ...started, charge: { amount: bought.trial.chargeAmount, currency: order.chargeCurrency } }
      : started
  if (!bought.membershipId) {
    const method = order.method === 'free' ? 'card' : order.method
    // A free trial's first period is the trial: its end is the day the periods are counted from, and the
    // first charge (the tier's price, as joined) is due then.
    const end = bought.trial
      ? new Date(paidAt.getTime() + bought.trial.days * 86_400_000)
      : periodEnd(paidAt, paidAt.getUTCDate(), bought.interval)
    const [made] = await tx
      .insert(memberships)
      .values({
        id: uuidv7(),
        productId: order.productId,
        sellerId: order.sellerId,
        memberId: order.buyerId,
        email: order.buyerEmail,
        tierId: bought.tierId,
        interval: bought.interval,
        amount: bought.trial?.amount ?? line.unitPrice,
        currency: order.currency,
        method,
        payment: saved ?? {},
        status: 'active',
        anchorDay: (bought.trial ? end : paidAt).getUTCDate(),
        periodStart: paidAt,
        periodEnd: end,
        trialEndsAt: bought.trial ? end : null,
        firstOrderId: order.id,
        nextAttemptAt: end,
      })
      .onConflictDoNothing()
      .returning()
    if (made) await membershipEvent(tx, 'membership.started', made)
    return
  }
  const [row] = await tx
    .select()
    .from(memberships)
    .where(eq(memberships.id, bought.membershipId))
    .for('update')
  if (!row) throw new Error(`renewal ${order.id} of a membership that is not there`)
  const start = renewalStart(line.item)
  // Only the period after the one paid moves it on: a renewal is made once per period.
  if (row.status === 'ended' || !start || start.getTime() !== row.periodEnd.getTime()) return
  // The period it pays is of its own tier and price: a member's change of tier takes effect with it.
  const end = periodEnd(start, row.anchorDay, bought.interval)
  const [renewed] = await tx
    .update(memberships)
    .set({
      status: 'active',
      tierId: bought.tierId,
      interval: bought.interval,
      amount: line.unitPrice,
      currency: order.currency,
      // A change asked for after this order was made waits for the next period.
      nextTier:
        row.nextTier && !sameTier(row.nextTier, bought, line.unitPrice, order.currency) ? row.nextTier : null,
      pauseMonths: null,
      periodStart: start,
      periodEnd: end,
      attempts: 0,
      renewalOrderId: null,
      // Cancelled meanwhile: the job ends it when the period just paid for is over.
      nextAttemptAt: end,
      ...(saved ? { payment: saved } : {}),
      updatedAt: paidAt,
    })
    .where(eq(memberships.id, row.id))
    .returning()
  if (renewed) await membershipEvent(tx, 'membership.renewed', renewed)
}

function sameTier(next: NextTier, bought: MembershipItem, amount: number, currency: string) {
  return (
    next.tierId === bought.tierId &&
    next.interval === bought.interval &&
    next.amount === amount &&
    next.currency === currency
  )
}

function renewalStart(item: OrderItem): Date | null {
  const at = item.membership?.periodStart
  return at ? new Date(at) : null
}

/**
 * Whether a membership's payment may be kept: a renewal only while its membership has not ended and the
 * period it pays is still unpaid (a member who paid on the page while the card was charged too paid twice);
 * a first payment that lost its hold (cancelled, expired) only while the tier has a place. Otherwise the
 * money goes back (settle refunds it).
 */
export async function membershipStillOpen(tx: Tx, line: LineRow, limit: number | null): Promise<boolean> {
  const bought = line.item.membership
  if (!bought) return false
  if (bought.membershipId) {
    // Open while the membership lasts and the period it pays is still the next one to pay.
    const [row] = await tx
      .select({ status: memberships.status, periodEnd: memberships.periodEnd })
      .from(memberships)
      .where(eq(memberships.id, bought.membershipId))
    const start = bought.periodStart ? Date.parse(bought.periodStart) : Number.NaN
    return row !== undefined && row.status !== 'ended' && row.periodEnd.getTime() === start
  }
  if (limit === null) return true
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(
      and(
        eq(memberships.productId, line.productId),
        eq(memberships.tierId, bought.tierId),
        ne(memberships.status, 'ended'),
      ),
    )
  return (counted?.n ?? 0) < limit
}
