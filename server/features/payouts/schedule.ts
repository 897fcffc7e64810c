import { and, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm'
import type { CurrencyCode } from '../../../contract/currencies'
import { PAYPAL_PAYOUT_CURRENCIES, railStep } from '../../../contract/payouts.constants'
import { payoutMethods, payoutSchedules, payouts, users } from '../../db/schema'
import { isUniqueViolation } from '../../lib/errors'
import { availableNow } from './balances'
import type { PayoutServices } from './deps'
import { note, PAYOUT_NOTES } from './notes'
import { requestPayout, sellerTimeZone } from './payouts.service'
import { dueRun } from './schedule-time'
import { checkLate, claimSends, sellerActive, sendClaimed } from './send'
import { type PayoutRow, step } from './view'

/**
 * Pays each seller whose scheduled run is due what is available (up to the most one payout may be), when
 * it reaches their minimum and the platform's. The run's key (its local date, and the currency) is unique
 * per seller, so with any number of instances, and a sweep repeated after a crash, a run pays once.
 */
export async function runSchedules(deps: PayoutServices, now: Date) {
  const terms = await deps.terms.get()
  // A suspended seller's runs wait: their payouts are paused until an admin reinstates them.
  const schedules = await deps.db
    .select({ schedule: payoutSchedules, method: payoutMethods })
    .from(payoutSchedules)
    .innerJoin(payoutMethods, eq(payoutMethods.id, payoutSchedules.methodId))
    .innerJoin(users, eq(users.id, payoutSchedules.sellerId))
    .where(
      and(
        ne(payoutSchedules.frequency, 'manual'),
        isNotNull(payoutSchedules.methodId),
        isNull(users.suspendedAt),
      ),
    )
  for (const { schedule, method } of schedules) {
    if (method.removedAt) continue
    const run = dueRun(schedule, await sellerTimeZone(deps, schedule.sellerId), now, schedule.updatedAt)
    if (!run) continue
    const currencies: CurrencyCode[] = method.currency ? [method.currency] : [...PAYPAL_PAYOUT_CURRENCIES]
    for (const currency of currencies) {
      const runKey = `${run.key}:${currency}`
      const [done] = await deps.db
        .select({ id: payouts.id })
        .from(payouts)
        .where(and(eq(payouts.sellerId, schedule.sellerId), eq(payouts.runKey, runKey)))
      if (done) continue
      const available = await availableNow(deps.db, schedule.sellerId, currency, now)
      const most = Math.min(available, terms.payoutMaximum[currency])
      // What the rail can send: M-Pesa whole shillings (the cents wait for the next run).
      const amount = most - (most % railStep(method.rail))
      if (amount < Math.max(schedule.minimum, terms.payoutMinimum[currency])) continue
      try {
        await requestPayout(deps, schedule.sellerId, {
          currency,
          amount,
          methodId: method.id,
          speed: 'standard',
          requestedBy: null,
          runKey,
          now: true,
        })
      } catch (error) {
        if (isUniqueViolation(error)) continue
        deps.log.warn('a scheduled payout was not made', { sellerId: schedule.sellerId, runKey, error })
      }
    }
  }
}

/** How many payouts one batch moves from `scheduled`, and how many sends it claims. */
export const SEND_BATCH = 50
/** Sends of one batch under way at once: a slow provider holds up a few, not the batch. */
const SENDS_AT_ONCE = 4

export interface BatchOptions {
  /**
   * Called when a batch was full, before its sends start: more may be due, and whoever is told can have
   * another instance take the next batch meanwhile (the job queues a `payouts.send-batch`).
   */
  whenFull?: () => Promise<unknown>
}

/**
 * One batch of money out: standard payouts whose run has come move to `sending` (the seller's timeline
 * says so), then sends that are due (new ones, retries, resumed crashes) are claimed and sent, a few at a
 * time. Both steps take rows with `FOR UPDATE SKIP LOCKED`, so instances running batches at once each take
 * others, and the claim sets each send's lease, so none is sent twice. Answers whether the batch was full.
 */
export async function sendBatch(deps: PayoutServices, now: Date, opts: BatchOptions = {}): Promise<boolean> {
  const ready = deps.db.$with('ready').as(
    deps.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.status, 'scheduled'), lte(payouts.dueAt, now), sellerActive))
      .orderBy(payouts.dueAt)
      .limit(SEND_BATCH)
      .for('update', { skipLocked: true }),
  )
  const entry = step({ timeline: [] }, 'sending', note(PAYOUT_NOTES.scheduledRun), now)
  const moved = await deps.db
    .with(ready)
    .update(payouts)
    .set({
      status: 'sending',
      dueAt: now,
      timeline: sql`${payouts.timeline} || ${JSON.stringify(entry)}::jsonb`,
    })
    .where(inArray(payouts.id, deps.db.select({ id: ready.id }).from(ready)))
    .returning({ id: payouts.id })
  const claimed = await claimSends(
    deps,
    now,
    SEND_BATCH,
    moved.map((row) => row.id),
  )
  const full = moved.length === SEND_BATCH || claimed.length === SEND_BATCH
  if (full && opts.whenFull) await opts.whenFull()
  await sendAll(deps, claimed, now)
  return full
}

/**
 * Sends claimed payouts, SENDS_AT_ONCE at a time. One that has not started within half its lease is left
 * to the lease (a slow provider took the time): after it, the next batch claims and sends it, and meanwhile
 * nobody else can. A send that throws does not stop the others; the first error is thrown at the end.
 */
async function sendAll(deps: PayoutServices, claimed: PayoutRow[], now: Date) {
  const startedAt = performance.now()
  const latestStartMs = (deps.config.payouts.sendLeaseSeconds * 1000) / 2
  const queue = [...claimed]
  const errors: unknown[] = []
  let left = 0
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      if (performance.now() - startedAt > latestStartMs) {
        left++
        continue
      }
      try {
        await sendClaimed(deps, row, now)
      } catch (error) {
        errors.push(error)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, claimed.length) }, worker))
  if (left > 0) deps.log.warn('payouts left to their lease: the batch took too long to start them', { left })
  if (errors.length > 0) throw errors[0]
}

/** The sweep's money out: a batch (sendBatch), then payouts on their way whose result is late. */
export async function sendDue(deps: PayoutServices, now: Date, opts: BatchOptions = {}): Promise<boolean> {
  const full = await sendBatch(deps, now, opts)
  await checkLate(deps, now)
  return full
}
