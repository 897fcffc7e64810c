import type { PaymentEvents } from '../../payments/provider'
import type { PayoutServices } from './deps'
import { applyTransfer } from './send'

/**
 * The providers' verified messages with payouts in them: a transfer result naming a payout (by its send
 * key) is a payout's; any other is left to `events` (refunds).
 */
export function withPayouts(events: PaymentEvents, deps: PayoutServices): PaymentEvents {
  return {
    ...events,
    async transfer(method, target, state) {
      if ('id' in target && (method === 'mpesa' || method === 'paypal')) {
        const applied = await applyTransfer(deps, method, target, state)
        if (applied !== 'unknown') return
      }
      await events.transfer(method, target, state)
    },
  }
}
