import { and, lt, notInArray, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { apiIdempotency, jobs, outbox, rateLimits, sandboxObjects, webhookEvents } from '../db/schema'
import type { Logger } from '../lib/log'
import { LONGEST_WINDOW_SECONDS } from '../lib/rate-limit'
import { defineRecurringJob } from './define'

const DAY_MS = 86_400_000
/** Finished jobs are kept this long to look into: failed ones longer, as someone may need to act on them. */
const KEEP_DONE_MS = 7 * DAY_MS
const KEEP_FAILED_MS = 30 * DAY_MS
/** Mail and SMS copies, for admins to look up what someone was sent. */
const KEEP_OUTBOX_MS = 30 * DAY_MS
/** The payment sandboxes' prompts, orders and sessions: nobody pays a month-old one. */
const KEEP_SANDBOX_MS = 30 * DAY_MS
/** The API's answers under an Idempotency-Key: a day, after which the key is taken afresh anyway. */
const KEEP_IDEMPOTENCY_MS = DAY_MS
/** Webhook events, with their deliveries and attempts: the delivery log goes back a month. */
const KEEP_WEBHOOK_EVENTS_MS = 30 * DAY_MS

/**
 * Deletes what only grows, daily: finished jobs (a sweep every 30 s alone adds 2,880 rows a day), the
 * outbox's copies, rate-limit counters whose window ended (one per address and account that ever asked),
 * the sandboxes' records, and the API's kept answers. Logs how many rows went from each table.
 */
export function pruneOldRows(deps: { db: Db; log: Logger }) {
  const { db, log } = deps
  return defineRecurringJob({
    name: 'jobs.prune',
    schedule: { dailyAt: '03:00', timeZone: 'UTC' },
    async run({ now, signal }) {
      const at = now().getTime()
      const ago = (ms: number) => new Date(at - ms)
      const steps = {
        jobs: () =>
          db
            .delete(jobs)
            .where(
              or(
                and(sql`${jobs.status} = 'done'`, lt(jobs.finishedAt, ago(KEEP_DONE_MS))),
                and(sql`${jobs.status} = 'failed'`, lt(jobs.finishedAt, ago(KEEP_FAILED_MS))),
              ),
            )
            .returning({ id: jobs.id }),
        outbox: () =>
          db
            .delete(outbox)
            .where(lt(outbox.createdAt, ago(KEEP_OUTBOX_MS)))
            .returning({ id: outbox.id }),
        // A counter whose window began longer ago than the longest window counts nothing any more: the next
        // hit on its key starts a new window either way.
        rate_limits: () =>
          db
            .delete(rateLimits)
            .where(lt(rateLimits.windowStart, ago(LONGEST_WINDOW_SECONDS * 1000)))
            .returning({ key: rateLimits.key }),
        sandbox_objects: () =>
          db
            .delete(sandboxObjects)
            // Paybill registrations stay: they say where the sandbox confirms payments, for as long as it runs;
            // saved cards (customers, payment methods), which Stripe keeps until deleted, and PayPal's
            // subscriptions with their plans, products and sales: a membership is paid by them for years.
            .where(
              and(
                lt(sandboxObjects.createdAt, ago(KEEP_SANDBOX_MS)),
                notInArray(sandboxObjects.kind, [
                  'c2b-urls',
                  'customer',
                  'payment_method',
                  'subscription',
                  'plan',
                  'product',
                  'sale',
                ]),
              ),
            )
            .returning({ id: sandboxObjects.id }),
        api_idempotency: () =>
          db
            .delete(apiIdempotency)
            .where(lt(apiIdempotency.createdAt, ago(KEEP_IDEMPOTENCY_MS)))
            .returning({ key: apiIdempotency.key }),
        webhook_events: () =>
          db
            .delete(webhookEvents)
            .where(lt(webhookEvents.createdAt, ago(KEEP_WEBHOOK_EVENTS_MS)))
            .returning({ id: webhookEvents.id }),
      }
      const deleted: Record<string, number> = {}
      for (const [table, step] of Object.entries(steps)) {
        // Each step is whole on its own: a run stopped between two is finished by the next one.
        if (signal.aborted) break
        deleted[table] = (await step()).length
      }
      log.info('old rows pruned', deleted)
    },
  })
}
