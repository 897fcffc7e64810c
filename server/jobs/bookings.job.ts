import { sendDueBookingReminders } from '../features/bookings/reminders'
import type { CheckoutDeps } from '../features/checkout/deps'
import { defineRecurringJob } from './define'

/** Bookings, every minute across all instances: the reminders due (a day and an hour before) go out, once. */
export function bookingsSweep(deps: CheckoutDeps) {
  return defineRecurringJob({
    name: 'bookings.sweep',
    schedule: { everyMs: 60_000 },
    maxAttempts: 1,
    async run(ctx) {
      await sendDueBookingReminders(deps, ctx.now())
    },
  })
}
