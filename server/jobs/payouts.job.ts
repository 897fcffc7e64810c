import type { PayoutDeps } from '../features/payouts/deps'
import { runSchedules, sendDue } from '../features/payouts/schedule'
import { defineRecurringJob } from './define'

/**
 * Money out, every 30 s across all instances (PAYOUT_SWEEP_SECONDS): scheduled runs that are due, standard
 * payouts whose run has come, sends to retry or resume after a crash, and payouts on their way whose result
 * is late. Each step claims what it works on, so instances never double up; a failed sweep is retried by
 * the next one.
 */
export function payoutsSweep(deps: PayoutDeps) {
  return defineRecurringJob({
    name: 'payouts.sweep',
    schedule: { everyMs: deps.config.payouts.sweepSeconds * 1000 },
    maxAttempts: 1,
    async run(ctx) {
      const now = ctx.now()
      await runSchedules(deps, now)
      await sendDue(deps, now)
    },
  })
}
