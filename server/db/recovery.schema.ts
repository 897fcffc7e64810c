import { boolean, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

/**
 * Recovering checkouts: the reminders sent for an unpaid checkout, the links they carry, and who asked for no
 * more of them.
 */

/** One reminder of one unpaid order (step 1 an hour after it, step 2 a day after): sent once, whatever retries. */
export const checkoutReminders = pgTable(
  'checkout_reminders',
  {
    orderId: uuid('order_id').notNull(),
    step: integer('step').notNull(),
    /** Whether it went by e-mail, and by SMS (charged to the seller). */
    email: boolean('email').notNull(),
    sms: boolean('sms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.step] })],
)

/**
 * `/r/{token}`: the link a reminder carries, back to the product with the checkout's code; and, at
 * `/r/{token}/stop`, the buyer's one-tap way to stop reminders. Only the token's SHA-256 is kept.
 */
export const recoveryLinks = pgTable('recovery_links', {
  tokenHash: text('token_hash').primaryKey(),
  orderId: uuid('order_id').notNull(),
  createdAt: createdAt(),
})

/** An e-mail address (lower case) that asked for no more checkout reminders; a phone's is an SMS opt-out. */
export const recoveryOptOuts = pgTable('recovery_opt_outs', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
})
