import { RECOVERY_SWEEP_MS, sendDueCheckoutReminders } from '../features/recovery'
import { defineRecurringJob } from './define'
import type { JobServices } from './services'

/** Checkouts left unpaid, every minute across all instances: the reminders due go out, each once. */
export function recoverySweep(deps: JobServices) {
  return defineRecurringJob({
    name: 'checkouts.recover',
    schedule: { everyMs: RECOVERY_SWEEP_MS },
    maxAttempts: 1,
    async run(ctx) {
      await sendDueCheckoutReminders(deps, ctx.now())
    },
  })
}
