import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'

/** The server's own tables: the payment sandboxes' records and the background jobs. */

/**
 * The local payment simulators' own records (STK prompts, PayPal orders, Stripe sessions), in the database
 * so that every instance of the server sees the same sandbox.
 */
export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    provider: text('provider').notNull(),
    id: text('id').notNull(),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.id] }),
    index('sandbox_objects_kind_idx').on(t.provider, t.kind),
  ],
)

/**
 * Background work, shared by every instance (server/jobs/). A job is claimed by setting it `running` with a
 * lease (`locked_by` until `locked_until`) that its runner keeps renewing while the handler runs; a lease
 * that ran out means its instance died, and the job is claimed again. `done` and `failed` are final.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    /** Which handler runs it (`payments.sweep`). */
    name: text('name').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    status: text('status').notNull().default('queued'),
    /** Not before this time: the first run, the next retry, or a recurring job's next occurrence. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** Runs begun, counted when claimed: a run whose instance died counts too. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lastError: text('last_error'),
    /** The runner holding the lease of a running job, and until when. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** At most one queued or running job per key (`expire-order:ID`, `recurring:payments.sweep`). */
    uniqueKey: text('unique_key'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_unique_key_live_key').on(t.uniqueKey).where(sql`${t.status} in ('queued', 'running')`),
    index('jobs_queued_idx').on(t.runAt).where(sql`${t.status} = 'queued'`),
    index('jobs_running_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    index('jobs_finished_idx').on(t.finishedAt).where(sql`${t.status} in ('done', 'failed')`),
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('jobs_attempts_check', sql`${t.maxAttempts} >= 1 and ${t.attempts} >= 0`),
  ],
)

/** Fixed-window request counters, shared by every instance on one database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
})

/**
 * One row whose `version` goes up when anything a public catalog page shows is committed (products, their
 * files and photos, sellers, what orders hold, exchange rates): triggers of migration 0019 keep it, so every
 * instance on the database knows from one small read whether the pages it keeps are still right.
 */
export const catalogState = pgTable(
  'catalog_state',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalog_state_one_row', sql`${t.id} = 1`)],
)

/**
 * A copy of every SMS, and of every mail when no SMTP server is configured, written by whichever instance
 * sent it: the admin's Messages page and the tests read them all from here. Ids are UUIDv7, so they sort
 * by time; the prune job deletes old ones.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The address or phone number it went to. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    /** What a person reads: the SMS, or the mail's text part. */
    text: text('text').notNull(),
    /** A mail's exact bytes, as SMTP would carry them (null for an SMS). */
    raw: text('raw'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt),
    check('outbox_kind_check', sql`${t.kind} in ('mail', 'sms')`),
  ],
)

/**
 * What a provider has been told about this deployment, shared by every instance: the Paybill (C2B)
 * confirmation addresses registered with M-Pesa, say. One row per fact, keyed by what it is about.
 */
export const providerState = pgTable('provider_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
})
