import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { at, createdAt } from './columns'
import { users } from './users.schema'

/** The seller API's tables: keys, the answers kept for Idempotency-Key, and what keys changed. */

/**
 * A seller's API key. The key itself is shown once, when made; only its SHA-256 is kept, and its first
 * characters, so the seller can tell keys apart. A revoked key stays listed, and answers 401 at once.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the key, hex. */
    keyHash: text('key_hash').notNull(),
    /** The key's first characters (`soko_sk_AbCd`), shown beside its name. */
    prefix: text('prefix').notNull(),
    /** `products:read`, `orders:write`…: contract/api-scopes.ts. */
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    /** Set at most once a minute, so a busy key does not write on every request. */
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_hash_idx').on(t.keyHash),
    index('api_keys_seller_idx').on(t.sellerId, t.createdAt),
  ],
)

/**
 * A POST's answer under its Idempotency-Key, for a day: the same key sent again with the same request is
 * answered the same, without doing it twice; with another request it is refused. `running` while the
 * first is being answered.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, the path and the body: what the key was first used for. */
    requestHash: text('request_hash').notNull(),
    status: text('status').$type<'running' | 'done'>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body').$type<unknown>(),
    createdAt: createdAt(),
    /** A running request whose instance died leaves its claim: after this, the key can be used again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('api_idempotency_key_idx').on(t.apiKeyId, t.key),
    index('api_idempotency_created_idx').on(t.createdAt),
    check('api_idempotency_status_check', sql`${t.status} in ('running', 'done')`),
  ],
)

/**
 * What a seller's keys changed: each write an API key made (or tried), newest first on the developers
 * page. The seller sees which key did what, when, from where, and how it ended.
 */
export const apiActivity = pgTable(
  'api_activity',
  {
    id: uuid('id').primaryKey(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    /** The endpoint's operation id (`createInvoice`), which names the action in the seller's language. */
    operation: text('operation').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** The HTTP status answered. */
    status: integer('status').notNull(),
    /** The id of what was made or changed, when the answer names one. */
    targetId: text('target_id'),
    ip: text('ip').notNull(),
    /** The error's code, when refused. */
    errorCode: text('error_code'),
    createdAt: createdAt(),
  },
  (t) => [index('api_activity_seller_idx').on(t.sellerId, t.id)],
)
