import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'

/** Text messages: each SMS Soko sends, who asked not to get which kind, and the short links they carry. */

export const SMS_KINDS = ['code', 'receipt', 'payout', 'reminder', 'invoice', 'recovery', 'post'] as const
export type SmsKind = (typeof SMS_KINDS)[number]

export const SMS_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const
export type SmsStatus = (typeof SMS_STATUSES)[number]

/**
 * One SMS, from the event that asked for it to its final state. `eventKey` is unique, so one event (a
 * paid order's receipt, say) sends one message however often it is reported. `sent` means the provider
 * took it; a delivery report makes it `delivered` or `failed`. A refusal keeps the provider's code and
 * a plain reason.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey(),
    eventKey: text('event_key').notNull().unique(),
    kind: text('kind').$type<SmsKind>().notNull(),
    /** International format without the plus: 2547XXXXXXXX. */
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    status: text('status').$type<SmsStatus>().notNull().default('queued'),
    providerId: text('provider_id'),
    /** The provider's status code for this number (101 sent, 403 invalid number, …). */
    code: integer('code'),
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'sms_messages_kind_check',
      sql`${t.kind} in ('code', 'receipt', 'payout', 'reminder', 'invoice', 'recovery', 'post')`,
    ),
    check('sms_messages_status_check', sql`${t.status} in ('queued', 'sent', 'delivered', 'failed')`),
    index('sms_messages_provider_idx').on(t.providerId),
    index('sms_messages_phone_idx').on(t.phone, t.createdAt),
  ],
)

/** A number that asked not to get one kind of SMS (from settings, or a guest from the link in one). */
export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    phone: text('phone').notNull(),
    kind: text('kind').$type<SmsKind>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.phone, t.kind] })],
)

/**
 * `/o/{token}`: the short link an SMS receipt carries, so the whole receipt fits one message. Only the
 * SHA-256 of the token (128 random bits) is kept; the link opens the order with its receipt key.
 */
export const orderLinks = pgTable('order_links', {
  tokenHash: text('token_hash').primaryKey(),
  orderId: uuid('order_id').notNull(),
  createdAt: createdAt(),
})
