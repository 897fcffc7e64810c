import {
  checkLateExcessRefunds,
  expireInvoiceCharges,
  markOverdue,
  sendDueReminders,
} from '../features/invoices'
import { defineRecurringJob } from './define'
import type { JobServices } from './services'

/**
 * Invoices, every minute across all instances: invoices whose due day has ended in the seller's time zone
 * become overdue, reminders that are due go out (each claimed once), charges left waiting past their
 * time are asked about, then closed, and excess refunds whose result is late are asked about.
 */
export function invoicesSweep(deps: JobServices) {
  return defineRecurringJob({
    name: 'invoices.sweep',
    schedule: { everyMs: 60_000 },
    maxAttempts: 1,
    async run(ctx) {
      const now = ctx.now()
      await markOverdue(deps, now)
      await sendDueReminders(deps, now)
      await expireInvoiceCharges(deps, now)
      await checkLateExcessRefunds(deps, now)
    },
  })
}
