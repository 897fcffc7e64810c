import { z } from 'zod'
import { runSchedules, sendBatch, sendDue } from '../features/payouts'
import { defineJob, defineRecurringJob } from './define'
import type { JobServices } from './services'
import { enqueue } from './store'

/**
 * Money out, every 30 s (PAYOUT_SWEEP_SECONDS): scheduled runs that are due, standard payouts whose run has
 * come, sends to retry or resume after a crash, and payouts on their way whose result is late. The sweep is
 * a recurring job, so one instance runs each occurrence; when its batch of sends was full it queues a
 * `payouts.send-batch` before sending, which another instance's runner takes while this one sends, and so
 * on while batches come back full. Each batch claims its payouts with `FOR UPDATE SKIP LOCKED`, so instances
 * never double up; a failed sweep is retried by the next one.
 */
export function payoutsSweep(deps: JobServices) {
  return defineRecurringJob({
    name: 'payouts.sweep',
    schedule: { everyMs: deps.config.payouts.sweepSeconds * 1000 },
    maxAttempts: 1,
    async run(ctx) {
      const now = ctx.now()
      await runSchedules(deps, now)
      await sendDue(deps, now, { whenFull: () => queueSendBatch(deps, now) })
    },
  })
}

/**
 * One more batch of payouts to send, queued by a full batch. Tried once: a batch that failed part way
 * leaves its payouts to their send leases, after which the next sweep claims them again.
 */
export function payoutsSendBatch(deps: JobServices) {
  return defineJob({
    name: 'payouts.send-batch',
    payload: z.object({}),
    maxAttempts: 1,
    async run(_payload, ctx) {
      const now = ctx.now()
      await sendBatch(deps, now, { whenFull: () => queueSendBatch(deps, now) })
    },
  })
}

/** Due at the batch's own time (the runner's clock), so the next runner that looks takes it. */
function queueSendBatch(deps: JobServices, now: Date) {
  return enqueue(deps.db, payoutsSendBatch(deps), {}, { runAt: now })
}
