import { and, desc, eq, gt, notInArray, sql } from 'drizzle-orm'
import type { CurrencyCode } from '../../../contract/currencies'
import { PAYOUTS, PAYOUTS_FIELD } from '../../../contract/errors/payouts'
import {
  instantFeeOf,
  type PayoutSpeed,
  REJECT_REASON_MESSAGE,
  railStep,
} from '../../../contract/payouts.constants'
import type { DbOrTx, Tx } from '../../db/client'
import { payoutMethods, payoutSchedules, payouts, sellers, sellerVerifications, users } from '../../db/schema'
import { clock, SKEW_TOLERANCE_MS } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { uuidv7 } from '../../lib/uuid'
import { resolveUserSettings } from '../settings'
import { emitEvent, payoutObject } from '../webhooks'
import { availableNow } from './balances'
import type { PayoutServices } from './deps'
import { postAsked, postBack } from './ledger'
import { methodLabel, takes, wrongCurrency } from './methods'
import { type Note, note, PAYOUT_NOTES } from './notes'
import { notifyFailed } from './notify'
import { standardRun } from './schedule-time'
import { sendPayout } from './send'
import { type PayoutRow, step } from './view'
import { money, when } from './words'

/** The seller's zone (their settings): scheduled runs and the times they are told. */
export async function sellerTimeZone(deps: Pick<PayoutServices, 'db'>, sellerId: string): Promise<string> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, sellerId))
  return user ? resolveUserSettings(user).timeZone : 'Africa/Nairobi'
}

/** The seller's identity check, as the last one sent stands: none, pending, approved or rejected. */
export async function identityStatus(deps: Pick<PayoutServices, 'db'>, sellerId: string) {
  const [last] = await deps.db
    .select({ status: sellerVerifications.status })
    .from(sellerVerifications)
    .where(eq(sellerVerifications.sellerId, sellerId))
    .orderBy(desc(sellerVerifications.createdAt))
    .limit(1)
  return last?.status ?? 'none'
}

/** When a standard payout goes: the seller's next scheduled run, or the next 06:00 if they have none. */
async function standardDue(
  deps: PayoutServices,
  sellerId: string,
  timeZone: string,
  now: Date,
): Promise<Date> {
  const [schedule] = await deps.db
    .select()
    .from(payoutSchedules)
    .where(eq(payoutSchedules.sellerId, sellerId))
  return standardRun(schedule, timeZone, now)
}

/** Whether any payout of the seller's has been paid: until one has, each waits for an admin's approval. */
export async function paidBefore(db: DbOrTx, sellerId: string): Promise<boolean> {
  const [paid] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.sellerId, sellerId), eq(payouts.status, 'paid')))
    .limit(1)
  return paid !== undefined
}

export interface PayoutAsk {
  currency: CurrencyCode
  amount: number
  methodId: string
  speed: PayoutSpeed
  /** The person asking; null: the schedule. */
  requestedBy: string | null
  /** A scheduled run's key: one payout per seller and run. */
  runKey?: string
  /** A scheduled run's payout: a standard one sent now, not at the next run. */
  now?: boolean
  /** The failed payout an admin sends again with this one. */
  retryOf?: string
  /** The seller's device's key for this attempt: the same key again answers the payout it made. */
  requestKey?: string
}

/** The payout a request key made, if any. */
async function payoutOfKey(db: DbOrTx, sellerId: string, requestKey: string): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.sellerId, sellerId), eq(payouts.requestKey, requestKey)))
  return row
}

/** A repeated request answers its payout; a key sent again with other terms is a mistake, refused. */
function repeated(row: PayoutRow, ask: PayoutAsk): PayoutRow {
  if (
    row.currency !== ask.currency ||
    row.amount !== ask.amount ||
    row.methodId !== ask.methodId ||
    row.speed !== ask.speed
  )
    throw new AppError(409, PAYOUTS.requestKeyReused)
  return row
}

/**
 * Sets money aside for a payout and records it, in one transaction under the seller's row lock, so two
 * withdrawals of the whole balance cannot both pass: the second sees the first's ledger entries and gets
 * 409. Nothing is sent before the commit; an instant payout that needs no approval is sent right after,
 * with the payout's id as the provider's idempotency key.
 */
export async function requestPayout(
  deps: PayoutServices,
  sellerId: string,
  ask: PayoutAsk,
  /** Runs in the transaction that records it: an admin's audit entry. */
  onCreated?: (tx: Tx, row: PayoutRow) => Promise<void>,
): Promise<PayoutRow> {
  // A repeat (its answer was lost) is answered with the payout the first one made, whatever has changed.
  const earlier = ask.requestKey ? await payoutOfKey(deps.db, sellerId, ask.requestKey) : undefined
  if (earlier) return repeated(earlier, ask)
  const terms = await deps.terms.get()
  const now = clock.now()
  if ((await identityStatus(deps, sellerId)) !== 'approved') throw new AppError(403, PAYOUTS.verifyFirst)
  // Read before the transaction, which must only use tx: the seller's zone words a refusal inside it.
  const timeZone = await sellerTimeZone(deps, sellerId)
  const dueStandard = ask.speed === 'standard' ? await standardDue(deps, sellerId, timeZone, now) : null
  const { row, repeat } = await deps.db.transaction(async (tx) => {
    await tx.select({ id: sellers.userId }).from(sellers).where(eq(sellers.userId, sellerId)).for('update')
    // Under the seller's lock: the same key sent twice at once makes one payout, the second answers it.
    const first = ask.requestKey ? await payoutOfKey(tx, sellerId, ask.requestKey) : undefined
    if (first) return { row: first, repeat: true }
    const [method] = await tx
      .select()
      .from(payoutMethods)
      .where(and(eq(payoutMethods.id, ask.methodId), eq(payoutMethods.sellerId, sellerId)))
    if (!method || method.removedAt)
      throw new AppError(400, PAYOUTS.choosePayoutDestinations, {
        fields: { methodId: PAYOUTS_FIELD.chooseDestination },
      })
    if (!takes(method, ask.currency)) throw wrongCurrency(method, ask.currency)
    // Instances agree on the time to within SKEW_TOLERANCE_MS (server/lib/clock.ts): a destination usable
    // from "now" on the instance that added it is usable on the next one too. The wait is hours; a second
    // earlier takes nothing from it.
    if (method.usableFrom.getTime() > now.getTime() + SKEW_TOLERANCE_MS)
      throw new AppError(409, PAYOUTS.addedRecently, {
        params: { label: methodLabel(method.details), when: when(method.usableFrom, timeZone) },
      })
    if (method.rail === 'bank' && ask.speed === 'instant')
      throw new AppError(400, PAYOUTS.bankTransfersNotInstant, {
        fields: { speed: PAYOUTS_FIELD.bankTransfersGoScheduled },
      })
    const min = terms.payoutMinimum[ask.currency]
    const max = terms.payoutMaximum[ask.currency]
    if (ask.amount < min)
      throw new AppError(400, PAYOUTS.leastWithdraw, {
        params: { amount: money(min, ask.currency) },
        fields: { amount: PAYOUTS_FIELD.atLeast },
      })
    if (ask.amount > max)
      throw new AppError(400, PAYOUTS.mostPayout, {
        params: { amount: money(max, ask.currency) },
        fields: { amount: PAYOUTS_FIELD.atMost },
      })
    const unit = railStep(method.rail)
    if (ask.amount % unit !== 0)
      throw new AppError(400, PAYOUTS.wholeShillings, {
        params: { amount: money(ask.amount - (ask.amount % unit), ask.currency) },
        fields: { amount: PAYOUTS_FIELD.wholeShillings },
      })
    const available = await availableNow(tx, sellerId, ask.currency, now)
    if (ask.amount > available)
      throw new AppError(409, PAYOUTS.availableBalance, {
        params: { amount: money(Math.max(available, 0), ask.currency) },
      })
    const [today] = await tx
      .select({ total: sql<string>`coalesce(sum(${payouts.amount}), 0)::text` })
      .from(payouts)
      .where(
        and(
          eq(payouts.sellerId, sellerId),
          eq(payouts.currency, ask.currency),
          gt(payouts.createdAt, new Date(now.getTime() - 86_400_000)),
          notInArray(payouts.status, ['failed', 'returned', 'cancelled']),
        ),
      )
    const daily = terms.payoutDaily[ask.currency]
    if (Number(today?.total ?? 0) + ask.amount > daily)
      throw new AppError(409, PAYOUTS.dailyLimit, { params: { amount: money(daily, ask.currency) } })
    const paid = await paidBefore(tx, sellerId)
    const approval = !paid || ask.amount > terms.approvalOver[ask.currency]
    const fee = ask.speed === 'instant' ? instantFeeOf(ask.amount, terms.instantFeeBps, method.rail) : 0
    const status = approval ? 'approval' : ask.speed === 'instant' || ask.now ? 'sending' : 'scheduled'
    const label = methodLabel(method.details)
    const asked = step(
      { timeline: [] },
      status,
      note(fee ? PAYOUT_NOTES.askedFee : PAYOUT_NOTES.asked, {
        amount: { minor: ask.amount - fee, currency: ask.currency },
        destination: label,
        ...(fee ? { fee: { minor: fee, currency: ask.currency } } : {}),
      }),
      now,
    )
    const timeline = approval
      ? step(
          { timeline: asked },
          'approval',
          note(paid ? PAYOUT_NOTES.approvalLarge : PAYOUT_NOTES.approvalFirst),
          now,
        )
      : asked
    const [inserted] = await tx
      .insert(payouts)
      .values({
        id: uuidv7(),
        sellerId,
        methodId: method.id,
        rail: method.rail,
        destination: method.details,
        speed: ask.speed,
        amount: ask.amount,
        fee,
        currency: ask.currency,
        status,
        dueAt: status === 'scheduled' ? dueStandard : status === 'sending' ? now : null,
        runKey: ask.runKey ?? null,
        requestedBy: ask.requestedBy,
        retryOf: ask.retryOf ?? null,
        requestKey: ask.requestKey ?? null,
        timeline,
      })
      .returning()
    if (!inserted) throw new Error('insert returned no row')
    await postAsked(tx, inserted)
    if (onCreated) await onCreated(tx, inserted)
    return { row: inserted, repeat: false }
  })
  if (repeat) return repeated(row, ask)
  if (row.status === 'sending') return (await sendPayout(deps, row.id, now)) ?? row
  return row
}

/** The money of a payout that never went comes back to the balance; the payout ends as `status`. */
async function callOff(
  deps: PayoutServices,
  payoutId: string,
  from: PayoutRow['status'][],
  end: {
    status: 'cancelled' | 'failed'
    text: Note & { text: string }
    failure?: { title: Note & { text: string }; text: Note & { text: string } }
  },
  onChange?: (tx: Tx, row: PayoutRow) => Promise<void>,
): Promise<PayoutRow | null> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update')
    if (!row || !from.includes(row.status)) return null
    const [updated] = await tx
      .update(payouts)
      .set({
        status: end.status,
        dueAt: null,
        updatedAt: clock.now(),
        timeline: step(row, end.status, end.text),
        ...(end.failure
          ? {
              failureTitle: end.failure.title.text,
              failureText: end.failure.text.text,
              failureAction: 'admins' as const,
              failureTitleCode: end.failure.title.code,
              failureTextCode: end.failure.text.code,
              failureParams: { ...end.failure.title.params, ...end.failure.text.params },
            }
          : {}),
      })
      .where(eq(payouts.id, row.id))
      .returning()
    await postBack(tx, row, false)
    if (updated?.status === 'failed')
      await emitEvent(tx, {
        sellerId: updated.sellerId,
        type: 'payout.failed',
        objectId: updated.id,
        object: payoutObject(updated),
      })
    if (updated && onChange) await onChange(tx, updated)
    return updated ?? null
  })
}

export async function cancelPayout(
  deps: PayoutServices,
  sellerId: string,
  payoutId: string,
): Promise<PayoutRow> {
  const [row] = await deps.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, payoutId), eq(payouts.sellerId, sellerId)))
  if (!row) throw new AppError(404, PAYOUTS.noSuchPayout)
  const done = await callOff(deps, row.id, ['approval', 'scheduled'], {
    status: 'cancelled',
    text: note(PAYOUT_NOTES.cancelled),
  })
  if (!done) throw new AppError(409, PAYOUTS.alreadySent)
  return done
}

/** An admin approves a payout (instant: sent now; standard: at its run) or rejects it with a reason. */
export async function reviewPayout(
  deps: PayoutServices,
  adminId: string,
  input: { payoutId: string; approve: boolean; reason?: string | undefined },
  /** Runs in the transaction that changes the payout: an admin's audit entry. */
  onChange?: (tx: Tx, row: PayoutRow) => Promise<void>,
): Promise<PayoutRow> {
  if (!input.approve) {
    // The contract asks every reject for a reason: the seller reads it on the payout, as the admin wrote it.
    if (!input.reason)
      throw new AppError(400, REJECT_REASON_MESSAGE, { fields: { reason: REJECT_REASON_MESSAGE } })
    const reason = /[.!?…]$/.test(input.reason) ? input.reason : `${input.reason}.`
    const rejected = await callOff(
      deps,
      input.payoutId,
      ['approval'],
      {
        status: 'failed',
        text: note(PAYOUT_NOTES.rejected, { reason }),
        failure: {
          title: note(PAYOUT_NOTES.rejectedTitle),
          text: note(PAYOUT_NOTES.rejectedText, { reason }),
        },
      },
      onChange,
    )
    if (!rejected) throw new AppError(409, PAYOUTS.payoutNotWaitingApproval)
    await notifyFailed(deps, rejected)
    return rejected
  }
  const now = clock.now()
  const [row] = await deps.db.select().from(payouts).where(eq(payouts.id, input.payoutId))
  if (row?.status !== 'approval') throw new AppError(409, PAYOUTS.payoutNotWaitingApproval)
  const dueStandard =
    row.speed === 'standard'
      ? await standardDue(deps, row.sellerId, await sellerTimeZone(deps, row.sellerId), now)
      : null
  const status = row.speed === 'instant' ? 'sending' : 'scheduled'
  const approved = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payouts)
      .set({
        status,
        approvedBy: adminId,
        dueAt: dueStandard ?? now,
        updatedAt: now,
        timeline: step(row, status, note(PAYOUT_NOTES.approved)),
      })
      .where(and(eq(payouts.id, row.id), eq(payouts.status, 'approval')))
      .returning()
    if (updated && onChange) await onChange(tx, updated)
    return updated
  })
  if (!approved) throw new AppError(409, PAYOUTS.payoutNotWaitingApproval)
  if (status === 'sending') return (await sendPayout(deps, approved.id, now)) ?? approved
  return approved
}

/** Payouts an admin must act on: approvals, and bank transfers to make by hand. */
export async function payoutQueue(deps: Pick<PayoutServices, 'db'>) {
  const rows = await deps.db
    .select({ payout: payouts, name: sellers.displayName, email: users.email })
    .from(payouts)
    .innerJoin(sellers, eq(sellers.userId, payouts.sellerId))
    .innerJoin(users, eq(users.id, payouts.sellerId))
    .where(
      sql`${payouts.status} = 'approval' or (${payouts.rail} = 'bank' and ${payouts.status} = 'processing')`,
    )
    .orderBy(payouts.createdAt)
  return rows
}
