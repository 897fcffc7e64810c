import { eq } from 'drizzle-orm'
import type { OrderChanges } from '../../db/order-changes'
import { orders } from '../../db/schema'
import { clock } from '../../lib/clock'
import type { CheckoutServices } from './deps'
import { checkPending } from './payment'

/** The longest a buyer's page is kept waiting for its order to change; it then asks again. */
export const ORDER_WAIT_MS = 20_000
/**
 * How often a waiting order's status is read when nothing has said it changed: a notice lost (one sent
 * while the listening connection was down and not yet read again after) costs at most this.
 */
export const ORDER_LOOK_AGAIN_MS = 5_000
/** How often a late payment is asked about with its provider meanwhile (checkPending has its own limit too). */
const CHECK_EVERY_MS = 10_000

/**
 * Waits while an order is pending: returns once its payment is settled, the wait is over, or the buyer's
 * page has gone (`signal`). The status is read again when a notice says the order changed, so a callback
 * that lands on another instance ends the wait as soon as it is committed; and every ORDER_LOOK_AGAIN_MS
 * besides, in case a notice was lost.
 */
export async function waitWhilePending(
  deps: CheckoutServices,
  changes: OrderChanges,
  orderId: string,
  opts: { signal?: AbortSignal; waitMs?: number } = {},
): Promise<void> {
  const started = clock.ms()
  const until = started + (opts.waitMs ?? ORDER_WAIT_MS)
  let checkedAt = started
  const alarm = wakeable()
  const stop = changes.watch(orderId, alarm.wake)
  try {
    // The first read is once the order is watched: a change committed since the caller read it is seen.
    for (;;) {
      const [row] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId))
      if (row?.status !== 'pending') return
      if (clock.ms() - checkedAt >= CHECK_EVERY_MS) {
        checkedAt = clock.ms()
        await checkPending(deps, orderId)
      }
      const left = until - clock.ms()
      if (left <= 0 || opts.signal?.aborted) return
      await alarm.next(Math.min(ORDER_LOOK_AGAIN_MS, left), opts.signal)
      // The caller reads the order once the wait is over: no need to read it here too.
      if (clock.ms() >= until || opts.signal?.aborted) return
    }
  } finally {
    stop()
  }
}

/**
 * A sleep that `wake` ends early. A wake that comes while the waiter is not asleep (reading the order) is
 * kept, so the next sleep ends at once: a change committed during a read is read.
 */
function wakeable() {
  let woken = false
  let ring: (() => void) | null = null
  return {
    wake: () => {
      woken = true
      ring?.()
    },
    next(ms: number, signal: AbortSignal | undefined): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer)
          signal?.removeEventListener('abort', done)
          ring = null
          woken = false
          resolve()
        }
        const timer = setTimeout(done, ms)
        if (woken || ms <= 0 || signal?.aborted) return done()
        ring = done
        signal?.addEventListener('abort', done, { once: true })
      })
    },
  }
}
