import { sql } from 'drizzle-orm'
import { bigint, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './columns'

/**
 * What every admin did, one row per action, written in the same transaction as the change it records.
 * Append-only: no subject updates or deletes a row, and a trigger (migration 0018) refuses both.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    /** The admin who acted, and their address at the time (kept should the account change later). */
    actorId: uuid('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** What was done: `user.suspend`, `settings.update`, `product.unpublish`… */
    action: text('action').notNull(),
    /** The record acted on: its kind (`user`, `product`, `order`, `payout`, `settings`) and id. */
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    /** How people read the record in the log: an e-mail, a product title, an order's reference. */
    targetLabel: text('target_label').notNull().default(''),
    /** The reason the admin gave, when the action takes one. */
    reason: text('reason'),
    /** The fields the action changed, as they were and as they became. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetKind, t.targetId),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
)

/**
 * The platform's terms an operator changes at run time (fees, hold, payout limits, price limits): one row,
 * `key = 'terms'`, holding only what differs from the defaults. `version` grows with every change, which is
 * how the other instances notice it within a second.
 */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  version: bigint('version', { mode: 'number' }).notNull(),
  updatedAt: updatedAt(),
})

/** A product someone reported from its page; an admin works through them. */
export const productReports = pgTable(
  'product_reports',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id').notNull(),
    reason: text('reason').$type<'scam' | 'copyright' | 'offensive' | 'prohibited' | 'other'>().notNull(),
    details: text('details').notNull().default(''),
    /** Who reported it: an account when signed in; the address always (for the rate limit and abuse). */
    reporterId: uuid('reporter_id'),
    reporterEmail: text('reporter_email'),
    ip: text('ip').notNull(),
    status: text('status').$type<'open' | 'dismissed' | 'actioned'>().notNull().default('open'),
    /** The admin who closed it and what they said. */
    resolvedBy: uuid('resolved_by'),
    resolution: text('resolution'),
    resolvedAt: at('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_reports_status_idx').on(t.status, t.createdAt),
    index('product_reports_product_idx').on(t.productId),
    check('product_reports_status_check', sql`${t.status} in ('open', 'dismissed', 'actioned')`),
  ],
)
