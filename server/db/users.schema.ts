import { sql } from 'drizzle-orm'
import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import type * as Column from './columns.types'

/** The people with a Soko account: buyers, sellers and admins alike. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** scrypt hash (see passwords.ts); null for people who only sign in through a provider. */
    passwordHash: text('password_hash'),
    roles: text('roles').array().$type<Column.Role[]>().notNull().default(sql`'{customer}'::text[]`),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A confirmed mobile number, 2547XXXXXXXX, set by verifyPhone or a phone sign-in. */
    phone: text('phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** Storage key prefix of the resized avatar images (`public/avatars/{id}/{uuid}`), null for none. */
    avatarKey: text('avatar_key'),
    /** The Firebase Auth uid of a person who signed in through Firebase. */
    firebaseUid: text('firebase_uid').unique(),
    /** Partial user settings; missing keys take the platform defaults. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Set by an admin: no sign-in, no storefront, payouts paused; the reason is shown to the person. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
)
