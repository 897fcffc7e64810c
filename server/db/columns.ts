import { timestamp } from 'drizzle-orm/pg-core'

/** Column shapes every table file uses: instants with their time zone. */

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
/** An instant that may be unset (sent, paid, checked…). */
export const at = (name: string) => timestamp(name, { withTimezone: true })
