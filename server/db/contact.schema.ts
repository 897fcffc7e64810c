import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'
import type * as Column from './columns.types'
import { users } from './users.schema'

/** Messages sent from /contact-us; each is also mailed to the admins. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').$type<Column.ContactTopic>().notNull(),
    message: text('message').notNull(),
    /** The sender's account when they were signed in. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
)
