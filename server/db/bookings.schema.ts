import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
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
 * too). `id` is the device's own id for the scan, so a sync sent twice records it once. The valid check-in
 * of a ticket is the first to reach the database, not the earliest by the devices' clocks: `valid` rows are
 * unique per ticket (`check_ins_one_valid_key`), so of two doors syncing at once one insert wins and the
 * other is stored as a duplicate naming it.
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
    /** When the device scanned it (by the device's clock). */
    at: at('at').notNull(),
    /** The one check-in that let the ticket's holder in; every other row of the ticket is a duplicate. */
    valid: boolean('valid').notNull().default(false),
    /** When Soko received it. */
    createdAt: createdAt(),
  },
  (t) => [
    index('check_ins_ticket_idx').on(t.ticketId, t.at),
    index('check_ins_product_idx').on(t.productId),
    uniqueIndex('check_ins_one_valid_key').on(t.ticketId).where(sql`valid`),
  ],
)
