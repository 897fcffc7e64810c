import type { CheckoutDeps } from '../features/checkout/deps'
import { bookingsSweep } from './bookings.job'
import type { JobDefinition } from './define'
import { invoicesSweep } from './invoices.job'
import { paymentsSweep } from './payments.job'
import { payoutsSweep } from './payouts.job'
import { pruneJobs } from './prune.job'

/** Every job the server runs: a new kind of job is defined in its own module and listed here. */
export function serverJobs(deps: CheckoutDeps): JobDefinition[] {
  return [
    paymentsSweep(deps),
    payoutsSweep(deps),
    invoicesSweep(deps),
    bookingsSweep(deps),
    pruneJobs(deps.db),
    deps.sms.job,
  ]
}
