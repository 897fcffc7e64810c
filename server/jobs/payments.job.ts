import { and, eq, lt, sql } from 'drizzle-orm'
import { orders } from '../db/schema'
import type { CheckoutDeps } from '../features/checkout/deps'
import { checkPending, expireOrders } from '../features/checkout/payment'
import { defineRecurringJob } from './define'

/**
 * Background work of payments, once every 30 s across all instances: closes orders whose hold ran out
 * (asking the provider first), and asks about waiting payments whose callback or webhook is late. Both are
 * idempotent, and a check claims its order for 10 s, so a run repeated after a crash does no harm. A failed
 * sweep is not retried: the next one, 30 s later, is the retry.
 */
export function paymentsSweep(deps: CheckoutDeps) {
  return defineRecurringJob({
    name: 'payments.sweep',
    schedule: { everyMs: 30_000 },
    maxAttempts: 1,
    async run() {
      await expireOrders(deps)
      // Waiting payments older than a minute: their callback or webhook is late or lost.
      const late = await deps.db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'pending'),
            sql`${orders.providerRef} is not null`,
            lt(orders.createdAt, new Date(Date.now() - 60_000)),
          ),
        )
        .limit(20)
      for (const { id } of late) await checkPending(deps, id)
    },
  })
}
