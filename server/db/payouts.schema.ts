import { sql } from 'drizzle-orm'
import {
  bigint,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { PayoutMethod } from '../../contract/accounts.contract'
import type { CurrencyCode } from '../../contract/currencies'
import type { PayoutFailureAction } from '../../contract/payout-failure'
import type { PayoutFrequency, PayoutRail, PayoutSpeed, PayoutStatus } from '../../contract/payouts.constants'
import { at, createdAt, updatedAt } from './columns'

/**
 * Money out: where each seller can be paid (destinations), each payout from request to its end, and each
 * seller's schedule. The ledger holds the money (see server/features/payouts/ledger.ts); these tables hold
 * what was asked and what the providers answered.
 */

/** One step of a payout's timeline, as its seller reads it. */
export interface PayoutStep {
  at: string
  status: PayoutStatus
  /** What happened, in words: "M-Pesa receipt TJK4H7Y2QX", "Approved by the Soko team". */
  text: string
  /** The message id of `text` and its params (server/features/payouts/notes.ts): read in the seller's language. */
  code?: string
  params?: Record<string, unknown>
}

/**
 * A place a seller is paid: an M-Pesa number (confirmed by a code sent to it), a PayPal e-mail or a bank
 * account. It receives nothing before `usable_from` (a while after it is added, against a taken-over
 * account); removing it keeps the row, which its payouts name.
 */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: uuid('id').primaryKey(),
    sellerId: uuid('seller_id').notNull(),
    rail: text('rail').$type<PayoutRail>().notNull(),
    details: jsonb('details').$type<PayoutMethod>().notNull(),
    /** The one currency it takes (M-Pesa: KES; a bank account: its own); null: PayPal's currencies. */
    currency: char('currency', { length: 3 }).$type<CurrencyCode>(),
    usableFrom: at('usable_from').notNull(),
    removedAt: at('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payout_methods_seller_idx').on(t.sellerId),
    check('payout_methods_rail_check', sql`${t.rail} in ('mpesa', 'paypal', 'bank')`),
  ],
)

export const payouts = pgTable(
  'payouts',
  {
    /** Also the provider's idempotency key (OriginatorConversationID, sender_batch_id). */
    id: uuid('id').primaryKey(),
    sellerId: uuid('seller_id').notNull(),
    methodId: uuid('method_id')
      .notNull()
      .references(() => payoutMethods.id),
    rail: text('rail').$type<PayoutRail>().notNull(),
    /** The destination as it was when asked: a later edit of the method does not redirect money. */
    destination: jsonb('destination').$type<PayoutMethod>().notNull(),
    speed: text('speed').$type<PayoutSpeed>().notNull(),
    /** What leaves the balance, in minor units; the fee is part of it, the rest arrives. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).$type<CurrencyCode>().notNull(),
    status: text('status').$type<PayoutStatus>().notNull(),
    /** When a scheduled (or retried) payout is next sent, or its provider next asked. */
    dueAt: at('due_at'),
    /** A scheduled run's key (`2026-11-30`): one payout per seller and run, however many servers run it. */
    runKey: text('run_key'),
    /** The failed or returned payout an admin sent again as this one. */
    retryOf: uuid('retry_of'),
    /**
     * The key the seller's device sent with the request (one per attempt): the same key again answers this
     * payout, so a withdrawal whose answer was lost is never made twice.
     */
    requestKey: uuid('request_key'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * The idempotency key of the current send: the payout's id, then `{id}.{n}` when a send that surely
     * failed (the platform's float was short, say) is tried again. A result names the key it answers.
     */
    sendKey: text('send_key'),
    providerRef: text('provider_ref'),
    receipt: text('receipt'),
    failureCode: text('failure_code'),
    failureTitle: text('failure_title'),
    failureText: text('failure_text'),
    failureAction: text('failure_action').$type<PayoutFailureAction>(),
    /** The message ids of the failure's title and text, and their params (notes.ts); null: the English only. */
    failureTitleCode: text('failure_title_code'),
    failureTextCode: text('failure_text_code'),
    failureParams: jsonb('failure_params').$type<Record<string, unknown>>(),
    /** Who asked (null: the schedule) and who approved. */
    requestedBy: uuid('requested_by'),
    approvedBy: uuid('approved_by'),
    timeline: jsonb('timeline').$type<PayoutStep[]>().notNull().default([]),
    paidAt: at('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payouts_seller_idx').on(t.sellerId, t.createdAt),
    index('payouts_status_due_idx').on(t.status, t.dueAt),
    uniqueIndex('payouts_seller_run_key').on(t.sellerId, t.runKey),
    uniqueIndex('payouts_seller_request_key').on(t.sellerId, t.requestKey),
    check(
      'payouts_status_check',
      sql`${t.status} in ('approval', 'scheduled', 'sending', 'processing', 'paid', 'failed', 'returned', 'cancelled')`,
    ),
    check('payouts_speed_check', sql`${t.speed} in ('instant', 'standard')`),
    check('payouts_amounts_check', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.fee} < ${t.amount}`),
  ],
)

/** How a seller is paid without asking: never (manual), daily, weekly on a day, monthly on a date. */
export const payoutSchedules = pgTable(
  'payout_schedules',
  {
    sellerId: uuid('seller_id').primaryKey(),
    frequency: text('frequency').$type<PayoutFrequency>().notNull(),
    /** Weekly: 0 Sunday … 6 Saturday. */
    weekday: integer('weekday'),
    /** Monthly: 1 … 28, so every month has it. */
    monthDay: integer('month_day'),
    methodId: uuid('method_id').references(() => payoutMethods.id),
    /** Below this (in the destination's currency) a run pays nothing and waits for the next. */
    minimum: bigint('minimum', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'payout_schedules_frequency_check',
      sql`${t.frequency} in ('manual', 'daily', 'weekly', 'monthly')`,
    ),
  ],
)
