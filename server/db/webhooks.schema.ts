import { sql } from 'drizzle-orm'
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './columns'
import { users } from './users.schema'

/**
 * A seller's webhooks: the addresses they gave, the events that happened in their store, one delivery of
 * an event to each address that asked for its kind, and every attempt at a delivery.
 */

/** An address a seller's events are posted to, with the kinds it wants and the secret that signs them. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** `order.paid`, `invoice.sent`…: contract/webhooks.constants.ts. */
    events: text('events').array().notNull(),
    /** Signs each delivery (HMAC-SHA256); shown to the seller once, when the endpoint is made. */
    secret: text('secret').notNull(),
    /** `disabled` by the seller, or by Soko once it failed for the whole retry window. */
    status: text('status').$type<'enabled' | 'disabled'>().notNull().default('enabled'),
    /** Why Soko disabled it (`failing`); null when the seller did, or it is enabled. */
    disabledReason: text('disabled_reason'),
    /** When its deliveries began failing without a success since; null while it answers. */
    failingSince: at('failing_since'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_endpoints_seller_idx').on(t.sellerId, t.createdAt),
    check('webhook_endpoints_status_check', sql`${t.status} in ('enabled', 'disabled')`),
  ],
)

/**
 * Something that happened in a seller's store, kept as its body is sent: the object as it was then and
 * its version, a number that grows with each event of any object, so a later state has a larger one.
 * Written in the transaction that made the change, so it exists exactly when the change does.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    objectId: text('object_id').notNull(),
    version: bigserial('version', { mode: 'number' }).notNull(),
    object: jsonb('object').$type<Record<string, unknown>>().notNull(),
    /** A test event the seller sent from the developers page. */
    test: boolean('test').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_seller_idx').on(t.sellerId, t.createdAt)],
)

/**
 * One event on its way to one endpoint: `pending` while it is tried, `succeeded` once a 2xx came back,
 * `failed` when its retry window ran out or its endpoint was disabled.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next automatic attempt is due; null once none is. */
    nextAttemptAt: at('next_attempt_at'),
    deliveredAt: at('delivered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_event_idx').on(t.eventId),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
)

/** Each time a delivery was posted: what was sent, and what came back (or why nothing did). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    /** `auto` by the retry schedule, `resend` or `test` when the seller asked. */
    trigger: text('trigger').$type<'auto' | 'resend' | 'test'>().notNull(),
    url: text('url').notNull(),
    /** The headers sent (the signature included: it is the seller's own, and proves nothing later). */
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    /** The HTTP status that came back; null for a timeout, a refusal or a connection error. */
    responseStatus: integer('response_status'),
    /** The start of what came back, cut at a few kilobytes. */
    responseBody: text('response_body'),
    /** Why nothing usable came back: `timeout`, `refused: …`, the connection's error. */
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.createdAt)],
)
