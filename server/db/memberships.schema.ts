import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, currency, updatedAt } from './columns'
import type { MembershipStatus, NextTier, SavedPayment } from './columns.types'
import { users } from './users.schema'

/**
 * One member's membership of a seller's membership product: the tier and period they pay for, by what
 * (a card saved at their first payment), and where its renewal stands. It is made when the first payment
 * is paid; each renewal is an order of its own (the seller's books and the ledger read orders), whose
 * payment moves `period_end` on by one period. The key to products and orders is the migration's.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id').notNull(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    email: text('email').notNull(),
    tierId: text('tier_id').notNull(),
    interval: text('interval').$type<'month' | 'year'>().notNull(),
    /** What each period costs, in minor units of `currency`: the tier's price when the member joined. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: currency('currency').notNull(),
    method: text('method').$type<'card' | 'paypal' | 'mpesa'>().notNull(),
    /** The provider's handle on what is charged again (a saved card's customer and payment method). */
    payment: jsonb('payment').$type<SavedPayment>().notNull(),
    /**
     * `active`; `past_due` while a renewal has failed and is being retried (access kept); `paused` for the
     * months the member paused (no access, nothing charged: `period_end` is when it resumes); `ended` once
     * it was cancelled and its paid period ran out, or its retries did.
     */
    status: text('status').$type<MembershipStatus>().notNull(),
    /** The day of the month it started on (29–31 fall back to a short month's last day, then return). */
    anchorDay: integer('anchor_day').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** Joined with a free trial, which ends then (the first period is charged at it); null without one. */
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** When the member was told the trial is ending and what will be taken (once, a few days before). */
    trialRemindedAt: timestamp('trial_reminded_at', { withTimezone: true }),
    /** The member cancelled: no renewal; access to `period_end`. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The order of the payment that started it. */
    firstOrderId: uuid('first_order_id').notNull().unique(),
    /** The pending order of the next period's payment, while it is being collected. */
    renewalOrderId: uuid('renewal_order_id'),
    /** The member's change of tier, from the next period: its tier and price then. */
    nextTier: jsonb('next_tier').$type<NextTier>(),
    /** A pause the member asked for: this many months from the end of the period paid. */
    pauseMonths: integer('pause_months'),
    /** Failed attempts at the renewal being collected. */
    attempts: integer('attempts').notNull().default(0),
    /** When the renewal job next charges it (or ends it); null when nothing is due (cancelled, ended). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('memberships_member_idx').on(t.memberId, t.createdAt),
    index('memberships_product_idx').on(t.productId, t.tierId, t.status),
    index('memberships_seller_idx').on(t.sellerId, t.createdAt),
    index('memberships_due_idx').on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`),
    // The trials whose member is still to be told it ends, read by the memberships job every minute.
    index('memberships_trial_idx')
      .on(t.trialEndsAt)
      .where(sql`${t.trialEndsAt} is not null and ${t.trialRemindedAt} is null`),
    check('memberships_status_check', sql`${t.status} in ('active', 'past_due', 'paused', 'ended')`),
    check('memberships_pause_check', sql`${t.pauseMonths} between 1 and 3`),
    check('memberships_interval_check', sql`${t.interval} in ('month', 'year')`),
    check('memberships_amount_check', sql`${t.amount} > 0`),
    check('memberships_anchor_check', sql`${t.anchorDay} between 1 and 31`),
  ],
)

/**
 * A membership's posts: what its seller writes for members, to all of them (`tier_ids` empty) or to the
 * tiers named. Published, members whose membership has not ended read it in the app, and each is mailed
 * once: the memberships job sends the mails a batch at a time, `mailed_through` the last membership mailed.
 */
export const membershipPosts = pgTable(
  'membership_posts',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id').notNull(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    /** Rich text, cleaned as a product's description is. */
    body: text('body').notNull(),
    tierIds: text('tier_ids').array().notNull().default(sql`'{}'::text[]`),
    /** Its pictures (uploads of role `post-image` of the membership), in order, each with words for it. */
    images: jsonb('images').$type<{ id: string; alt: string }[]>().notNull().default([]),
    /** Its files (uploads of role `post-file`), which its members download. */
    fileIds: uuid('file_ids').array().notNull().default(sql`'{}'::uuid[]`),
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The mails: the last membership (by id) mailed, and when every member has been. */
    mailedThrough: uuid('mailed_through'),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('membership_posts_product_idx').on(t.productId, t.publishedAt),
    index('membership_posts_unmailed_idx')
      .on(t.publishedAt)
      .where(sql`${t.status} = 'published' and ${t.mailedAt} is null`),
    check('membership_posts_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
)
