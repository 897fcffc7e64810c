import { bookingsSweep } from './bookings.job'
import type { JobDefinition } from './define'
import { invoicesSweep } from './invoices.job'
import { membershipsSweep } from './memberships.job'
import { paybillRegistration } from './paybill.job'
import { paymentsSweep } from './payments.job'
import { payoutsSendBatch, payoutsSweep } from './payouts.job'
import { pruneOldRows } from './prune.job'
import { recoverySweep } from './recovery.job'
import type { JobServices } from './services'

/** Every job the server runs: a new kind of job is defined in its own module and listed here. */
export function serverJobs(deps: JobServices): JobDefinition[] {
  return [
    paymentsSweep(deps),
    payoutsSweep(deps),
    payoutsSendBatch(deps),
    invoicesSweep(deps),
    bookingsSweep(deps),
    membershipsSweep(deps),
    paybillRegistration(deps),
    pruneOldRows(deps),
    recoverySweep(deps),
    deps.sms.job,
  ]
}
