import { and, eq, sql } from 'drizzle-orm'
import { bookingReminders, orders } from '../../db/schema'
import type { BookingServices } from './deps'
import { bookingMessages } from './messages'

/**
 * Sends the reminders that are due (bookings a day and an hour before, events' tickets a day before), each
 * once: a reminder is claimed (sent_at set) before its mail
 * and text go, so two instances never both send it. A booking cancelled (its reminders are dropped) or
 * already started by then gets none.
 */
export async function sendDueBookingReminders(deps: BookingServices, now: Date, limit = 50): Promise<number> {
  const claimed = await deps.db
    .update(bookingReminders)
    .set({ sentAt: now })
    .where(
      sql`(${bookingReminders.orderId}, ${bookingReminders.minutesBefore}) in (
        select r.order_id, r.minutes_before from booking_reminders r
        where r.sent_at is null and r.send_at <= ${now.toISOString()}::timestamptz
        order by r.send_at limit ${limit} for update skip locked)`,
    )
    .returning()
  let sent = 0
  for (const reminder of claimed) {
    const [order] = await deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, reminder.orderId), eq(orders.status, 'paid')))
    const slot = order?.item.slot
    // A booking already started gets none (an event's reminder is a day before it: it cannot have started).
    if (!order || (order.kind === 'service' && (!slot || Date.parse(slot.start) <= now.getTime()))) continue
    await bookingMessages(deps).reminder(order, reminder.minutesBefore)
    sent++
  }
  return sent
}
