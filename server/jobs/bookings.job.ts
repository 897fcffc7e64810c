import { sendDueBookingReminders } from '../features/bookings'
import { defineRecurringJob } from './define'
import type { JobServices } from './services'

/** Bookings, every minute across all instances: the reminders due (a day and an hour before) go out, once. */
export function bookingsSweep(deps: JobServices) {
  return defineRecurringJob({
    name: 'bookings.sweep',
    schedule: { everyMs: 60_000 },
    maxAttempts: 1,
    async run(ctx) {
      await sendDueBookingReminders(deps, ctx.now())
    },
  })
}
