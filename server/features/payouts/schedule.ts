import { and, eq, isNotNull, isNull, lte, ne } from 'drizzle-orm'
import type { CurrencyCode } from '../../../contract/currencies'
import { PAYPAL_PAYOUT_CURRENCIES, railStep } from '../../../contract/payouts.constants'
import { payoutMethods, payoutSchedules, payouts, users } from '../../db/schema'
import { isUniqueViolation } from '../../lib/errors'
import { availableNow } from './balances'
import type { PayoutDeps } from './deps'
import { requestPayout, sellerTimeZone } from './payouts.service'
import { dueRun } from './schedule-time'
import { checkLate, sellerActive, sendPayout } from './send'
import { step } from './view'

/**
 * Pays each seller whose scheduled run is due what is available (up to the most one payout may be), when
 * it reaches their minimum and the platform's. The run's key (its local date, and the currency) is unique
 * per seller, so with any number of instances, and a sweep repeated after a crash, a run pays once.
 */
export async function runSchedules(deps: PayoutDeps, now: Date) {
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

/** Standard payouts whose run has come go out; then every send that is due (retries, resumed crashes). */
export async function sendDue(deps: PayoutDeps, now: Date) {
  const scheduled = await deps.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, 'scheduled'), lte(payouts.dueAt, now), sellerActive))
    .limit(50)
  for (const row of scheduled)
    await deps.db
      .update(payouts)
      .set({
        status: 'sending',
        dueAt: now,
        timeline: step(row, 'sending', 'Sent with your scheduled payouts', now),
      })
      .where(and(eq(payouts.id, row.id), eq(payouts.status, 'scheduled')))
  const due = await deps.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.status, 'sending'), lte(payouts.dueAt, now), sellerActive))
    .limit(50)
  for (const { id } of due) await sendPayout(deps, id, now)
  await checkLate(deps, now)
}
