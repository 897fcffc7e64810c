import { eq } from 'drizzle-orm'
import { payouts } from '../../db/schema'
import { isUuid } from '../../lib/uuid'
import type { PaymentEventOwner } from '../../payments/event-router'
import type { PayoutServices } from './deps'
import { applyTransfer, payoutIdOf } from './send'

/**
 * The payouts' part of the providers' verified messages: a transfer result naming a payout (by its send
 * key, the payout's id with the attempt) on the rail it was sent by. M-Pesa and PayPal report payouts;
 * a bank transfer is settled by an admin, not by a message.
 */
export function payoutOwner(deps: PayoutServices): PaymentEventOwner {
  return {
    name: 'payout',
    async transfer(method, target, state) {
      if (!('id' in target) || (method !== 'mpesa' && method !== 'paypal')) return null
      const payoutId = payoutIdOf(target.id)
      if (!isUuid(payoutId)) return null
      const [row] = await deps.db.select({ rail: payouts.rail }).from(payouts).where(eq(payouts.id, payoutId))
      if (row?.rail !== method) return null
      return async () => {
        await applyTransfer(deps, method, target, state)
      }
    },
  }
}
