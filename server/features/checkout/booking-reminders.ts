import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { bookingReminders } from '../../db/schema'

/** A booking's reminders go a day and an hour before it starts; an event's tickets', a day before. */
export const REMINDER_MINUTES = [24 * 60, 60] as const
export const EVENT_REMINDER_MINUTES = [24 * 60] as const

/**
 * Sets a booking's reminders for its (new) time, in the caller's transaction: those already due by `now`
 * are left out (a booking made an hour ahead gets no day-before reminder), and a moved booking's reminders
 * are due again for the new time even if they went for the old one.
 */
export async function scheduleReminders(
  tx: DbOrTx,
  orderId: string,
  slot: { start: string },
  now: number,
  minutes: readonly number[] = REMINDER_MINUTES,
): Promise<void> {
  await tx.delete(bookingReminders).where(eq(bookingReminders.orderId, orderId))
  const start = Date.parse(slot.start)
  const rows = minutes
    .map((minutesBefore) => ({
      orderId,
      minutesBefore,
      sendAt: new Date(start - minutesBefore * 60_000),
    }))
    .filter((row) => row.sendAt.getTime() > now)
  if (rows.length > 0) await tx.insert(bookingReminders).values(rows)
}

/** A cancelled booking sends no more reminders. */
export async function dropReminders(tx: DbOrTx, orderId: string): Promise<void> {
  await tx.delete(bookingReminders).where(eq(bookingReminders.orderId, orderId))
}
