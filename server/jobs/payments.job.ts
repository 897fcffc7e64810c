import { and, eq, lt, sql } from 'drizzle-orm'
import { orders } from '../db/schema'
import type { CheckoutDeps } from '../features/checkout/deps'
import { checkPending, expireOrders } from '../features/checkout/payment'

/** How often this instance looks for holds that ran out and payments whose callback never came. */
const EVERY_MS = 30_000

/**
 * Background work of payments, on a timer of each instance (they share the work safely: expiring and
 * checking are idempotent, and a check claims its order for 10 s). Returns a function that stops it.
 */
export function startPaymentJobs(deps: CheckoutDeps): () => void {
  let running = false
  const tick = async () => {
    if (running) return
    running = true
    try {
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
    } catch (error) {
      deps.log.error('payment jobs failed; they run again shortly', { error })
    } finally {
      running = false
    }
  }
  const timer = setInterval(() => void tick(), EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
