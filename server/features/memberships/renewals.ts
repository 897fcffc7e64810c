import { and, asc, eq, isNotNull, lte } from 'drizzle-orm'
import { memberships, orders, products } from '../../db/schema'
import { graceEnd, pauseEnd, retryAt } from '../../lib/membership-periods'
import { PaymentProviderError } from '../../payments/payments'
import type { SavedChargeResult } from '../../payments/provider'
import { membershipEvent, type OrderRow, settle } from '../checkout'
import { userLanguageOf } from '../settings'
import type { MembershipServices } from './deps'
import { membershipMails } from './mails'
import { closePaymentPage, lockMembership, newRenewalOrder, recurring, stopBilling } from './renewal-order'
import { declineReason } from './words'

type MembershipRow = typeof memberships.$inferSelect

/**
 * Renewals, run by the memberships job every minute on every instance. A membership whose period has ended
 * gets an order for the next one, charged to the card it keeps (or taken by its PayPal subscription); paid,
 * the membership moves on a period (checkout's membership-line.ts). One whose member asked for a pause is
 * paused instead, and renewed so when the pause ends. A decline is tried again 1, 3, 7 and 14 days after
 * the period ended, the member mailed each time with a way to pay now and access kept; after the last, the
 * membership ends. A member who cancelled keeps access to the end of the period paid, then it ends.
 *
 * Each membership is taken under its row lock, and its next attempt put 15 minutes on before the provider
 * is asked, so two instances never charge it at once; a charge is asked with the same idempotency key
 * (order and attempt) whoever asks again, so a crash between the charge and its record never charges twice.
 */

/** How long a charge claims its membership: an attempt that never recorded its answer is made again then. */
const CLAIM_MS = 15 * 60_000
const BATCH = 50
const HOUR_MS = 3_600_000
/** How long after a period's end a provider that bills by itself is waited for before it counts as failed. */
const WAIT_FOR_PROVIDER_MS = 24 * HOUR_MS

type Step =
  | { kind: 'none' }
  | { kind: 'ended'; row: MembershipRow; unpaid: boolean; order: OrderRow | null }
  | { kind: 'charge'; row: MembershipRow; order: OrderRow; attempt: number; resumed: boolean }

/** Charges, retries or ends every membership due at `now`; answers how many it looked at. */
export async function renewDue(deps: MembershipServices, now: Date): Promise<number> {
  const due = await deps.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(isNotNull(memberships.nextAttemptAt), lte(memberships.nextAttemptAt, now)))
    .orderBy(asc(memberships.nextAttemptAt))
    .limit(BATCH)
  for (const { id } of due) {
    try {
      await renewOne(deps, id, now)
    } catch (error) {
      // One membership's trouble never holds back the others'; its claim runs out and it is tried again.
      deps.log.error('membership renewal failed', { membershipId: id, error })
    }
  }
  return due.length
}

export async function renewOne(deps: MembershipServices, id: string, now: Date): Promise<void> {
  const terms = await deps.terms.get()
  const step = await deps.db.transaction(async (tx): Promise<Step> => {
    const locked = await lockMembership(tx, id)
    if (!locked) return { kind: 'none' }
    const { row } = locked
    let order = locked.order
    if (row.status === 'ended' || !row.nextAttemptAt || row.nextAttemptAt > now) return { kind: 'none' }
    if (row.cancelledAt) {
      if (now < row.periodEnd) return { kind: 'none' }
      return { kind: 'ended', row: await endIn(tx, row, order, now, false), unpaid: false, order }
    }
    // A pause asked for begins when the period paid ends: nothing charged until it ends, on the same day.
    if (row.pauseMonths && row.status === 'active' && order?.status !== 'pending') {
      const until = pauseEnd(row.periodEnd, row.anchorDay, row.pauseMonths)
      await tx
        .update(memberships)
        .set({
          status: 'paused',
          periodStart: row.periodEnd,
          periodEnd: until,
          nextAttemptAt: until,
          updatedAt: now,
        })
        .where(eq(memberships.id, row.id))
      return { kind: 'none' }
    }
    const resumed = row.status === 'paused'
    if (order?.status !== 'pending') order = await newRenewalOrder(terms, tx, row, now)
    await tx
      .update(memberships)
      .set({
        nextAttemptAt: new Date(now.getTime() + CLAIM_MS),
        ...(resumed ? { pauseMonths: null } : {}),
        updatedAt: now,
      })
      .where(eq(memberships.id, row.id))
    return { kind: 'charge', row, order, attempt: row.attempts + 1, resumed }
  })
  if (step.kind === 'ended') await afterEnd(deps, step.row, step.order, step.unpaid)
  if (step.kind !== 'charge') return
  const { row, order, attempt } = step
  // A pause over: PayPal's subscription is reactivated, and bills the period due by itself.
  if (step.resumed) await recurring(deps, row, 'resume')
  const provider = deps.gateway.providers[row.method]
  // A payment the member started on the page is asked about first, and closed if unpaid, so that the card
  // is not charged while the page can still take the money.
  if (order.providerRef && provider) {
    const answer = await provider.checkCharge({
      id: order.id,
      providerRef: order.providerRef,
      amount: { amount: order.chargeAmount, currency: order.chargeCurrency },
    })
    if (answer.state === 'settled' && answer.outcome.kind === 'paid') {
      await settle(deps, {
        eventKey: answer.eventKey,
        provider: row.method,
        orderId: order.id,
        outcome: answer.outcome,
      })
      return
    }
    if (answer.state === 'pending')
      await provider.cancelCharge?.({
        id: order.id,
        providerRef: order.providerRef,
        amount: { amount: order.chargeAmount, currency: order.chargeCurrency },
      })
  }
  let result: SavedChargeResult
  try {
    result = provider?.chargeSaved
      ? await provider.chargeSaved({
          id: `${order.id}:${attempt}`,
          orderId: order.id,
          reference: order.reference,
          amount: { amount: order.chargeAmount, currency: order.chargeCurrency },
          description: `${order.item.title} — ${order.item.label}`,
          saved: row.payment,
          since: row.periodEnd,
        })
      : { kind: 'declined', code: 'no_saved_method', message: '' }
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error
    // The provider did not answer: the claim runs out and the same attempt is asked again, by its key.
    deps.log.warn('membership renewal not answered', { membershipId: row.id, orderId: order.id, error })
    return
  }
  if (result.kind === 'paid') {
    await settle(deps, {
      eventKey: result.eventKey,
      provider: row.method,
      orderId: order.id,
      outcome: result.outcome,
    })
    return
  }
  if (result.kind === 'waiting') {
    // PayPal bills the period by itself, and has not yet: look again in an hour, for a day at most.
    if (now.getTime() < row.periodEnd.getTime() + WAIT_FOR_PROVIDER_MS) {
      await deps.db
        .update(memberships)
        .set({ nextAttemptAt: new Date(now.getTime() + HOUR_MS), updatedAt: now })
        .where(and(eq(memberships.id, row.id), eq(memberships.attempts, row.attempts)))
      return
    }
    result = { kind: 'declined', code: 'not_billed', message: 'PayPal did not bill the period' }
  }
  await recordFailure(deps, row.id, order.id, attempt, result, now)
}

/** A declined renewal: counted once, retried on its day (or the membership ends), the member told. */
export async function recordFailure(
  deps: MembershipServices,
  id: string,
  orderId: string,
  attempt: number,
  declined: { code: string; message: string },
  now: Date,
) {
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await lockMembership(tx, id)
    if (!locked) return null
    const { row, order } = locked
    // Paid on the page meanwhile, ended, or this attempt already counted: nothing to record.
    if (row.status === 'ended' || row.attempts >= attempt || order?.id !== orderId || order.status === 'paid')
      return null
    const next = retryAt(row.periodEnd, attempt)
    await tx
      .update(orders)
      .set({ failure: { code: declined.code, message: declined.message }, updatedAt: now })
      .where(eq(orders.id, orderId))
    const [updated] = await tx
      .update(memberships)
      .set({ status: 'past_due', attempts: attempt, nextAttemptAt: next, updatedAt: now })
      .where(eq(memberships.id, id))
      .returning()
    if (!updated) return null
    await membershipEvent(tx, 'membership.renewal_failed', updated)
    if (next) return { kind: 'retry' as const, row: updated, next }
    return { kind: 'ended' as const, row: await endIn(tx, updated, order, now, true), order }
  })
  if (!outcome) return
  const title = await titleOf(deps, outcome.row)
  const lang = await userLanguageOf(deps.db, outcome.row.memberId)
  await membershipMails(deps).renewalFailed(outcome.row, {
    title,
    lang,
    reason: declineReason(declined.code, lang),
    retryAt: outcome.kind === 'retry' ? outcome.next : null,
    graceEndsAt: graceEnd(outcome.row.periodEnd),
  })
  if (outcome.kind === 'ended') await afterEnd(deps, outcome.row, outcome.order, true)
}

/**
 * Ends a membership in the caller's transaction (which holds its lock and its renewal order's): nothing is
 * charged again, and an unpaid renewal order is cancelled, so money that still comes for it goes back.
 */
export async function endIn(
  tx: Parameters<Parameters<MembershipServices['db']['transaction']>[0]>[0],
  row: MembershipRow,
  order: OrderRow | null,
  now: Date,
  unpaid: boolean,
): Promise<MembershipRow> {
  if (order?.status === 'pending')
    await tx
      .update(orders)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
  const [ended] = await tx
    .update(memberships)
    .set({ status: 'ended', endedAt: now, nextAttemptAt: null, updatedAt: now })
    .where(eq(memberships.id, row.id))
    .returning()
  if (!ended) throw new Error(`membership ${row.id} vanished under its lock`)
  // A member's cancel was its event already; failed renewals ending it are one.
  if (unpaid) await membershipEvent(tx, 'membership.cancelled', ended)
  return ended
}

/** After an end is committed: a payment page left open is closed, PayPal's billing stopped, the member told. */
async function afterEnd(
  deps: MembershipServices,
  row: MembershipRow,
  order: OrderRow | null,
  unpaid: boolean,
) {
  await closePaymentPage(deps, order)
  // i18n-ignore: the reason is PayPal's record, not the member's words.
  await stopBilling(deps, row, unpaid ? 'The membership ended unpaid' : 'The member cancelled')
  await membershipMails(deps).ended(row, {
    title: await titleOf(deps, row),
    lang: await userLanguageOf(deps.db, row.memberId),
    unpaid,
  })
}

async function titleOf(deps: MembershipServices, row: MembershipRow): Promise<string> {
  const [product] = await deps.db
    .select({ title: products.title })
    .from(products)
    .where(eq(products.id, row.productId))
  return product?.title ?? ''
}
