import { eq } from 'drizzle-orm'
import { orders } from '../../db/schema'
import { clock } from '../../lib/clock'
import type { CheckoutDeps } from './deps'
import { checkPending } from './payment'

/** The longest a buyer's page is kept waiting for its order to change; it then asks again. */
export const ORDER_WAIT_MS = 20_000
/** How often a waiting order's status is read while a page waits on it. */
const LOOK_EVERY_MS = 250
/** How often a late payment is asked about with its provider meanwhile (checkPending has its own limit too). */
const CHECK_EVERY_MS = 10_000

/**
 * Waits while an order is pending: returns once its payment is settled, the wait is over, or the buyer's
 * page has gone (`signal`). The status is read from the database, so a callback that lands on another
 * instance ends the wait as soon as it is committed, within LOOK_EVERY_MS.
 */
export async function waitWhilePending(
  deps: CheckoutDeps,
  orderId: string,
  opts: { signal?: AbortSignal; waitMs?: number } = {},
): Promise<void> {
  const started = clock.ms()
  const until = started + (opts.waitMs ?? ORDER_WAIT_MS)
  let checkedAt = started
  while (clock.ms() < until && !opts.signal?.aborted) {
    await pause(Math.min(LOOK_EVERY_MS, until - clock.ms()), opts.signal)
    const [row] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId))
    if (row?.status !== 'pending') return
    if (clock.ms() - checkedAt >= CHECK_EVERY_MS) {
      checkedAt = clock.ms()
      await checkPending(deps, orderId)
    }
  }
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal?.addEventListener('abort', done, { once: true })
  })
}
