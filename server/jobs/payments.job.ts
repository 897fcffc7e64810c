import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import { orders, refunds } from '../db/schema'
import { checkPending, expireOrders } from '../features/checkout'
import { clock } from '../lib/clock'
import { defineRecurringJob } from './define'
import type { JobServices } from './services'

/**
 * Background work of payments, once every 30 s across all instances: closes orders whose hold ran out
 * (asking the provider first), and asks about waiting payments whose callback or webhook is late. Both are
 * idempotent, and a check claims its order for 10 s, so a run repeated after a crash does no harm. A failed
 * sweep is not retried: the next one, 30 s later, is the retry.
 */
export function paymentsSweep(deps: JobServices) {
  return defineRecurringJob({
    name: 'payments.sweep',
    schedule: { everyMs: 30_000 },
    maxAttempts: 1,
    async run(ctx) {
      await expireOrders(deps)
      // Waiting payments older than a minute: their callback or webhook is late or lost.
      const late = await deps.db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'pending'),
            sql`${orders.providerRef} is not null`,
            lt(orders.createdAt, new Date(clock.ms() - 60_000)),
          ),
        )
        .limit(20)
      for (const { id } of late) await checkPending(deps, id)
      await askAboutLateRefunds(deps, ctx.now())
    },
  })
}

/** How long an M-Pesa refund waits for its B2C result before M-Pesa is asked, and between two askings. */
const REFUND_CHECK_MS = 5 * 60_000

/**
 * M-Pesa refunds whose B2C result never came (a result lost, or M-Pesa's queue timing out: neither says
 * whether the money went) are asked about with Transaction Status, whose answer settles them through the
 * same hook as a result. Each is claimed by setting when it was asked, so instances do not ask twice.
 */
export async function askAboutLateRefunds(deps: JobServices, now: Date) {
  const before = new Date(now.getTime() - REFUND_CHECK_MS)
  const late = await deps.db
    .update(refunds)
    .set({ checkedAt: now })
    .where(
      and(
        eq(refunds.status, 'pending'),
        eq(refunds.method, 'mpesa'),
        isNotNull(refunds.providerRef),
        lt(refunds.createdAt, before),
        or(isNull(refunds.checkedAt), lt(refunds.checkedAt, before)),
      ),
    )
    .returning()
  const mpesa = deps.gateway.providers.mpesa
  for (const refund of late)
    try {
      await mpesa.checkPayout?.({
        id: refund.id,
        providerRef: refund.providerRef,
        amount: { amount: refund.amount, currency: refund.currency },
      })
    } catch (error) {
      deps.log.warn('asking M-Pesa about a refund failed; asked again later', { refundId: refund.id, error })
    }
}
