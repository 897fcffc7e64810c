import { sql } from 'drizzle-orm'
import {
  bigint,
  char,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** scrypt hash (see passwords.ts); null for people who only sign in through a provider. */
    passwordHash: text('password_hash'),
    roles: text('roles').array().notNull().default(sql`'{customer}'::text[]`),
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
)

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the auth_token, hex: the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
)

export const sellers = pgTable(
  'sellers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    handle: text('handle').notNull(),
    displayName: text('display_name').notNull(),
    country: char('country', { length: 2 }).notNull(),
    bio: text('bio').notNull().default(''),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    payoutMethod: jsonb('payout_method').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sellers_handle_lower_key').on(sql`lower(${t.handle})`)],
)

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.userId),
    kind: text('kind').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceAmount: bigint('price_amount', { mode: 'number' }).notNull(),
    priceCurrency: char('price_currency', { length: 3 }).notNull(),
    status: text('status').notNull().default('draft'),
    /** Free words a seller files the product under (e.g. `music`), for /explore's categories. */
    category: text('category'),
    /** The kind's own details, as contract/catalog.contract.ts validates them. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** Title, category and the description's plain text, for /explore's full-text search. */
    searchText: text('search_text').notNull().default(''),
    /** Paid orders, for /explore's "popular" order; counted by checkout. */
    salesCount: integer('sales_count').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_slug_lower_key').on(sql`lower(${t.slug})`),
    index('products_seller_id_idx').on(t.sellerId),
    index('products_search_idx').using('gin', sql`to_tsvector('simple', ${t.searchText})`),
    index('products_published_idx').on(t.status, t.publishedAt),
    check('products_kind_check', sql`${t.kind} in ('digital', 'service', 'merch', 'event')`),
    check('products_status_check', sql`${t.status} in ('draft', 'published', 'archived')`),
    check('products_price_check', sql`${t.priceAmount} >= 0`),
  ],
)

/**
 * A product's photos and files. Each begins as a resumable upload (`uploading`, with the storage's
 * multipart id) and becomes `ready` once completeUpload has checked it: a photo then lives as WebP
 * variants under `public/products/…` (`storageKey` is their prefix), a file at `storageKey`.
 */
export const productAssets = pgTable(
  'product_assets',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.userId),
    role: text('role').notNull(),
    status: text('status').notNull().default('uploading'),
    storageKey: text('storage_key').notNull(),
    multipartId: text('multipart_id'),
    partSize: integer('part_size').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of a ready file, so a download can be checked. */
    sha256: text('sha256'),
    /** A ready photo's size and the widths of its WebP variants. */
    image: jsonb('image').$type<{ width: number; height: number; widths: number[] }>(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('product_assets_product_idx').on(t.productId, t.role, t.position),
    check('product_assets_role_check', sql`${t.role} in ('image', 'file')`),
    check('product_assets_status_check', sql`${t.status} in ('uploading', 'ready')`),
  ],
)

/**
 * What one US dollar buys in each currency, edited by admins. Used only to show approximate prices in a
 * visitor's currency and to compare prices across currencies in /explore; a sale is charged in the
 * seller's currency.
 */
export const exchangeRates = pgTable('exchange_rates', {
  currency: char('currency', { length: 3 }).primaryKey(),
  perUsd: numeric('per_usd', { precision: 18, scale: 6 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
})

/** Single-use tokens sent in links and codes: e-mail verification, password reset, phone codes, invites. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    /** What the token is about: the address being verified, an invite's role, … */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_tokens_user_purpose_idx').on(t.userId, t.purpose)],
)

/** Fixed-window request counters, shared by every instance on one database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
})

/** Identity details a seller sends before payouts; an admin approves or rejects them. */
export const sellerVerifications = pgTable(
  'seller_verifications',
  {
    id: uuid('id').primaryKey(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.userId, { onDelete: 'cascade' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    /** Why it was rejected, shown to the seller. */
    reason: text('reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('seller_verifications_seller_idx').on(t.sellerId),
    index('seller_verifications_status_idx').on(t.status),
    check('seller_verifications_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
)

/** Messages sent from /contact-us; each is also mailed to the admins. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    /** The sender's account when they were signed in. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
)
