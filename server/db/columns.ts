import { char, timestamp } from 'drizzle-orm/pg-core'
import type { CurrencyCode } from '../../contract/currencies'
import { clock } from '../lib/clock'

/** Column shapes every table file uses: instants with their time zone. */

/** An instant set when the row is written: Soko's clock from the server, the database's for raw SQL. */
export const writtenAt = (name: string) =>
  timestamp(name, { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now())
export const createdAt = () => writtenAt('created_at')
export const updatedAt = () => writtenAt('updated_at')
/** An instant that may be unset (sent, paid, checked…). */
export const at = (name: string) => timestamp(name, { withTimezone: true })
/** An ISO 4217 code (KES, USD…). */
export const currency = (name: string) => char(name, { length: 3 }).$type<CurrencyCode>()
