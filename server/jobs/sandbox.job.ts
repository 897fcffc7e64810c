import { defineRecurringJob } from './define'

/**
 * The PayPal sandbox's billing, every minute while PayPal runs in sandbox mode: subscription cycles that
 * are due are paid or fail, and their webhooks reach Soko, as PayPal bills on its own schedule.
 */
export function sandboxBillingJob(billDue: () => Promise<number>) {
  return defineRecurringJob({
    name: 'sandbox.paypal.bill',
    schedule: { everyMs: 60_000 },
    maxAttempts: 1,
    async run() {
      await billDue()
    },
  })
}
