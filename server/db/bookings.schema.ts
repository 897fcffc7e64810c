import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { at, createdAt } from './columns'

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

/**
 * A ticket checked in at a door: one row per scan that let someone in, as the device recorded it (offline
 * too). `id` is the device's own id for the scan, so a sync sent twice records it once; the first row of a
 * ticket (by `at`) is the valid one, any later one a duplicate reported with both times.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey(),
    ticketId: uuid('ticket_id').notNull(),
    /** The event (a product): what the check-in list was for. */
    productId: uuid('product_id').notNull(),
    deviceId: text('device_id').notNull(),
    /** The name the device was given: "Main door", "VIP gate". */
    door: text('door').notNull(),
    /** When the device scanned it. */
    at: at('at').notNull(),
    /** When Soko received it. */
    createdAt: createdAt(),
  },
  (t) => [index('check_ins_ticket_idx').on(t.ticketId, t.at), index('check_ins_product_idx').on(t.productId)],
)
