import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, currency, updatedAt, writtenAt } from './columns'
import type * as Column from './columns.types'
import { users } from './users.schema'

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
    ip: text('ip'), // where it was opened from: the sign-in history admins see
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
    payoutMethod: jsonb('payout_method').$type<Column.PayoutMethod>().notNull(),
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
    kind: text('kind').$type<Column.ProductKind>().notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceAmount: bigint('price_amount', { mode: 'number' }).notNull(),
    priceCurrency: currency('price_currency').notNull(),
    status: text('status').$type<Column.ProductStatus>().notNull().default('draft'),
    /** Free words a seller files the product under (e.g. `music`), for /explore's categories. */
    category: text('category'),
    /** The kind's own details, checked by contract/product-details.schema.ts; `{}` is only the default. */
    details: jsonb('details').$type<Column.ProductDetails>().notNull().default(sql`'{}'::jsonb`),
    /** Title, category and the description's plain text, for /explore's full-text search. */
    searchText: text('search_text').notNull().default(''),
    /** Paid orders, for /explore's "popular" order; counted by checkout. */
    salesCount: integer('sales_count').notNull().default(0),
    /** The one offer its checkout makes: another of the seller's digital products at a lower price. */
    upsell: jsonb('upsell').$type<Column.ProductUpsell>(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_slug_lower_key').on(sql`lower(${t.slug})`),
    index('products_seller_id_idx').on(t.sellerId),
    index('products_search_idx').using('gin', sql`to_tsvector('simple', ${t.searchText})`),
    index('products_published_idx').on(t.status, t.publishedAt),
    check('products_kind_check', sql`${t.kind} in ('digital', 'service', 'merch', 'event', 'membership')`),
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
    role: text('role').$type<Column.AssetRole>().notNull(),
    status: text('status').$type<Column.AssetStatus>().notNull().default('uploading'),
    storageKey: text('storage_key').notNull(),
    multipartId: text('multipart_id'),
    partSize: integer('part_size').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of a ready file, so a download can be checked. */
    sha256: text('sha256'),
    /** The storage ETag of the bytes `sha256` is of: another ETag means the file was replaced since. */
    digestEtag: text('digest_etag'),
    /** A ready photo's size and the widths of its WebP variants. */
    image: jsonb('image').$type<{ width: number; height: number; widths: number[] }>(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('product_assets_product_idx').on(t.productId, t.role, t.position),
    // Uploads for posts, by age: the memberships job looks every minute for those never saved in a post.
    index('product_assets_post_media_idx')
      .on(t.createdAt)
      .where(sql`${t.role} in ('post-image', 'post-file')`),
    check('product_assets_role_check', sql`${t.role} in ('image', 'file', 'post-image', 'post-file')`),
    check('product_assets_status_check', sql`${t.status} in ('uploading', 'ready')`),
  ],
)

/**
 * What one US dollar buys in each currency, edited by admins. Used only to show approximate prices in a
 * visitor's currency and to compare prices across currencies in /explore; a sale is charged in the
 * seller's currency.
 */
export const exchangeRates = pgTable('exchange_rates', {
  currency: currency('currency').primaryKey(),
  perUsd: numeric('per_usd', { precision: 18, scale: 6 }).notNull(),
  updatedAt: updatedAt(),
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

/** Identity details a seller sends before payouts; an admin approves or rejects them. */
export const sellerVerifications = pgTable(
  'seller_verifications',
  {
    id: uuid('id').primaryKey(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.userId, { onDelete: 'cascade' }),
    details: jsonb('details').$type<Column.SellerVerificationDetails>().notNull(),
    status: text('status').$type<Column.VerificationStatus>().notNull().default('pending'),
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

/**
 * One purchase of one product (with a quantity): what was bought, what it costs in the seller's currency,
 * what the chosen method charges (M-Pesa takes only KES, PayPal a few currencies), and how far payment
 * has got. A `pending` order holds its stock, seats or time slot until it is paid, fails or expires.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    /** Short code people quote and type (the M-Pesa account reference): `SK` and 8 letters or digits. */
    reference: text('reference').notNull().unique(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    buyerEmail: text('buyer_email').notNull(),
    /** Placed signed out: it shows among the account's purchases only once the address is verified. */
    guest: boolean('guest').notNull().default(false),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.userId),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    kind: text('kind').$type<Column.ProductKind>().notNull(),
    status: text('status').$type<Column.OrderStatus>().notNull().default('pending'),
    /** The variant, ticket type or slot bought, with the title and unit price as they were. */
    item: jsonb('item').$type<Column.OrderItem>().notNull(),
    /** What stock or capacity the order holds: a variant or ticket type id, a slot's start; '' for none. */
    itemKey: text('item_key').notNull().default(''),
    quantity: integer('quantity').notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    shippingFee: bigint('shipping_fee', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    currency: currency('currency').notNull(),
    /** Taken off the list price (subtotal and shipping) by a discount code: total is what is paid. */
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    /** The code that took it off, as the seller wrote it, and its row (which counts its uses). */
    discountCode: text('discount_code'),
    discountCodeId: uuid('discount_code_id'),
    /** The buyer asked to be texted if this payment does not go through (unticked unless they tick it). */
    textMe: boolean('text_me').notNull().default(false),
    /** The unpaid checkout a reminder brought this one back from, when it came through the reminder's link. */
    recoveredFrom: uuid('recovered_from'),
    method: text('method').$type<Column.PaymentMethod | 'free'>().notNull(),
    /** What the method charges, which differs from `total` when it needs another currency. */
    chargeAmount: bigint('charge_amount', { mode: 'number' }).notNull(),
    chargeCurrency: currency('charge_currency').notNull(),
    /** Units of the charge currency per unit of the order's, when converted. */
    rate: numeric('rate', { precision: 24, scale: 12 }),
    /** The fee and hold in force when it was placed: a later change of the platform's applies to new orders. */
    terms: jsonb('terms').$type<Column.SaleTerms>().notNull(),
    /** Merch: `{name, line1, …}` to ship to, or `{pickup: address}`. */
    delivery: jsonb('delivery').$type<Column.OrderDelivery>(),
    /** SHA-256 of the key that lets a signed-out buyer follow the order and download what it bought. */
    accessKeyHash: text('access_key_hash').notNull(),
    /** The buyer's language at checkout (`en`, `sw`): their receipt, SMS and refund notice are written in it. */
    language: text('language').$type<Column.Lang>().notNull().default('en'),
    /** The provider's id of the payment: CheckoutRequestID, PayPal order id, Stripe session id. */
    providerRef: text('provider_ref'),
    /** What the provider reported on success: receipt, capture or payment intent, payer phone. */
    payment: jsonb('payment').$type<Column.OrderPayment>(),
    /** Why payment did not complete: `{code, message}`. */
    failure: jsonb('failure').$type<Column.OrderFailure>(),
    /** Merch the seller still has to send: `to_ship`, then `shipped`. */
    fulfilment: text('fulfilment').$type<Column.Fulfilment>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the status query last asked the provider about a pending order. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_provider_ref_key').on(t.method, t.providerRef),
    index('orders_holds_idx').on(t.productId, t.itemKey).where(sql`${t.status} in ('pending', 'paid')`),
    index('orders_buyer_idx').on(t.buyerId, t.createdAt),
    index('orders_seller_idx').on(t.sellerId, t.createdAt),
    index('orders_pending_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    index('orders_discount_code_idx')
      .on(t.discountCodeId, t.buyerId)
      .where(sql`${t.discountCodeId} is not null`),
    index('orders_recovered_idx').on(t.sellerId, t.recoveredFrom).where(sql`${t.recoveredFrom} is not null`),
    index('orders_buyer_product_idx').on(t.buyerId, t.productId, t.createdAt),
    check(
      'orders_status_check',
      sql`${t.status} in ('pending', 'paid', 'failed', 'cancelled', 'expired', 'refunding', 'refunded')`,
    ),
    check('orders_method_check', sql`${t.method} in ('mpesa', 'paypal', 'card', 'free')`),
    check('orders_quantity_check', sql`${t.quantity} >= 1`),
    check('orders_amounts_check', sql`${t.total} >= 0 and ${t.chargeAmount} >= 0`),
  ],
)

/**
 * Every callback, webhook and status answer a provider sent, once: the key is the provider's own id for
 * the event, so a second delivery of the same one is recognised and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    /** An invoice's payment the event was about (invoices.schema.ts). */
    invoicePaymentId: uuid('invoice_payment_id'),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    receivedAt: writtenAt('received_at'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
)

/** A movement of money: its entries sum to zero in each currency. One sale per order, one transaction per refund. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<Column.LedgerTransactionKind>().notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    /** The payout a payout's transactions belong to (payouts are in payouts.schema.ts). */
    payoutId: uuid('payout_id'),
    /** An invoice's payment, for its sale (invoices are in invoices.schema.ts). */
    invoicePaymentId: uuid('invoice_payment_id'),
    /** A refund's transaction: an order may have several refunds, each returning some of its lines. */
    refundId: uuid('refund_id'),
    memo: text('memo').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_order_kind_key').on(t.orderId, t.kind).where(sql`${t.refundId} is null`),
    uniqueIndex('ledger_transactions_refund_key').on(t.refundId).where(sql`${t.refundId} is not null`),
    uniqueIndex('ledger_transactions_payout_kind_key').on(t.payoutId, t.kind),
    uniqueIndex('ledger_transactions_invoice_payment_kind_key').on(t.invoicePaymentId, t.kind),
    check(
      'ledger_transactions_kind_check',
      sql`${t.kind} in ('sale', 'refund', 'payout', 'payout-sent', 'payout-back', 'excess-kept', 'sms-fee')`,
    ),
  ],
)

/**
 * One side of a movement. Accounts are listed in server/ledger/ledger.ts (`available_at` says when a
 * seller's earnings can be withdrawn). Balances are sums of entries.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text('account').notNull(),
    sellerId: uuid('seller_id').references(() => sellers.userId),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: currency('currency').notNull(),
    availableAt: timestamp('available_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_seller_idx').on(t.sellerId, t.createdAt),
  ],
)

/** An event ticket from a paid order; its code is what the QR code carries and the door checks. */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    code: text('code').notNull().unique(),
    ticketTypeId: text('ticket_type_id').notNull(),
    /** The name on the ticket, as the buyer gave it at checkout (theirs unless changed). */
    holderName: text('holder_name'),
    position: integer('position').notNull().default(0), // in the order, from 0: as the buyer named them
    createdAt: createdAt(),
  },
  (t) => [index('tickets_order_idx').on(t.orderId)],
)

/** Giving a paid order's money back: through the card or PayPal API, or an M-Pesa B2C payment. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The positions of the order's lines it returns; null: every line the order had left. */
    lines: integer('lines').array(),
    method: text('method').$type<Column.PaymentMethod | 'free'>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: currency('currency').notNull(),
    status: text('status').$type<Column.RefundStatus>().notNull().default('pending'),
    providerRef: text('provider_ref'),
    reason: text('reason').notNull().default(''),
    /** The message id of a reason Soko wrote (server/features/checkout/notes.ts): its readers get it in their language. */
    reasonCode: text('reason_code'),
    requestedBy: uuid('requested_by').references(() => users.id),
    failure: text('failure'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When its provider was last asked about it (an M-Pesa refund whose B2C result never came). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    // One refund of an order on its way at a time: the lines it returns are counted against those before.
    uniqueIndex('refunds_order_pending_key').on(t.orderId).where(sql`${t.status} = 'pending'`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
)

/** Each file download of a purchase, so a product's download limit can be kept. */
export const downloads = pgTable(
  'downloads',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    // A file the seller removes takes its downloads' count with it.
    assetId: uuid('asset_id')
      .notNull()
      .references(() => productAssets.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('downloads_order_idx').on(t.orderId)],
)

export { auditLog, platformSettings, productReports } from './admin.schema'
export { apiActivity, apiIdempotency, apiKeys } from './api.schema'
export { bookingReminders, checkIns } from './bookings.schema'
export { bundleParts, bundles } from './bundles.schema'
export { contactMessages } from './contact.schema'
export { discountCodes } from './discounts.schema'
export {
  customerNotes,
  invoiceCounters,
  invoicePayments,
  invoiceReminders,
  invoices,
  unmatchedPayments,
} from './invoices.schema'
export { membershipPosts, memberships } from './memberships.schema'
export { orderLines } from './order-lines.schema'
export { payoutMethods, payoutSchedules, payouts } from './payouts.schema'
export { checkoutReminders, recoveryLinks, recoveryOptOuts } from './recovery.schema'
export { orderLinks, smsMessages, smsOptOuts } from './sms.schema'
export { catalogState, jobs, outbox, providerState, rateLimits, sandboxObjects } from './system.schema' // the server's own tables, not the marketplace's
export { users } from './users.schema'
export { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from './webhooks.schema'
