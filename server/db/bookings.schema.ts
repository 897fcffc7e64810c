import { index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core'
import { at } from './columns'

/**
 * A booking's reminders to its buyer (a day and an hour before, by e-mail and SMS): one row each, due at
 * `send_at`, claimed by the sweep and marked sent before it goes, so each is sent once. Moved with the
 * booking; removed when it is cancelled.
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    /** The service order that is the booking. */
    orderId: uuid('order_id').notNull(),
    /** How long before the start: 1440 (a day) or 60 (an hour). */
    minutesBefore: integer('minutes_before').notNull(),
    sendAt: at('send_at').notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.minutesBefore] }),
    index('booking_reminders_due_idx').on(t.sendAt),
  ],
)
