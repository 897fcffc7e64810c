import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import { and, count, desc, eq, inArray, lt } from 'drizzle-orm'
import { WEBHOOKS, WEBHOOKS_FIELD } from '../../../contract/errors/webhooks'
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  type WebhookEvent,
} from '../../../contract/webhooks.constants'
import type {
  WebhookAttemptView,
  WebhookDeliveryView,
  WebhookEndpointView,
} from '../../../contract/webhooks.contract'
import type { Db } from '../../db/client'
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema'
import { classify } from '../../lib/address-guard'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { uuidv7 } from '../../lib/uuid'
import { attemptDelivery, type WebhookServices } from './deliver'
import { eventBody } from './events'

type EndpointRow = typeof webhookEndpoints.$inferSelect

const endpointView = (row: EndpointRow): WebhookEndpointView => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  status: row.status,
  disabledReason: row.disabledReason,
  failingSince: row.failingSince?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
})

export async function listEndpoints(db: Db, sellerId: string): Promise<WebhookEndpointView[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.sellerId, sellerId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
  return rows.map(endpointView)
}

/**
 * What can be told of an address before any delivery: https (http too under the development switch), no
 * credentials, and not a private or local address written out. A name is resolved at each delivery,
 * where the guard checks what it resolves to then.
 */
function checkAddress(url: string, allowLoopback: boolean) {
  const parsed = new URL(url)
  const field = (message: { id: string; message: string }) =>
    new AppError(400, message, { fields: { url: message } })
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && allowLoopback))
    throw field(WEBHOOKS_FIELD.httpsOnly)
  if (parsed.username || parsed.password) throw field(WEBHOOKS_FIELD.noCredentials)
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  const local = host === 'localhost' || host.endsWith('.localhost')
  const cls = isIP(host) ? classify(host) : local ? 'loopback' : 'public'
  if (cls !== 'public' && !(cls === 'loopback' && allowLoopback)) throw field(WEBHOOKS_FIELD.notPublic)
}

/** A signing secret: the prefix and 32 random bytes, hex. */
const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('hex')}`

/** Adds an endpoint. The seller's row is locked while their endpoints are counted, so ten at once keep the limit. */
export async function createEndpoint(
  deps: WebhookServices,
  sellerId: string,
  input: { url: string; description: string; events: WebhookEvent[] },
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  checkAddress(input.url, deps.config.webhooks.allowLoopback)
  const secret = newSecret()
  const row = await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, sellerId)).for('update')
    const [mine] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.sellerId, sellerId))
    if ((mine?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS)
      throw new AppError(409, WEBHOOKS.tooManyEndpoints, { params: { max: MAX_WEBHOOK_ENDPOINTS } })
    const [made] = await tx
      .insert(webhookEndpoints)
      .values({
        id: uuidv7(),
        sellerId,
        url: new URL(input.url).href,
        description: input.description,
        events: [...new Set(input.events)],
        secret,
      })
      .returning()
    if (!made) throw new Error('insert returned no row')
    return made
  })
  return { endpoint: endpointView(row), secret }
}

async function ownEndpoint(db: Db, sellerId: string, endpointId: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.sellerId, sellerId)))
  if (!row) throw new AppError(404, WEBHOOKS.endpointNotFound)
  return row
}

/** Changes the events an endpoint gets, or turns it off or on; on again, it starts with a clean record. */
export async function updateEndpoint(
  db: Db,
  sellerId: string,
  input: { endpointId: string; events?: WebhookEvent[] | undefined; enabled?: boolean | undefined },
): Promise<WebhookEndpointView> {
  await ownEndpoint(db, sellerId, input.endpointId)
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(input.events ? { events: [...new Set(input.events)] } : {}),
      ...(input.enabled === undefined
        ? {}
        : input.enabled
          ? { status: 'enabled' as const, disabledReason: null, failingSince: null }
          : { status: 'disabled' as const, disabledReason: null }),
      updatedAt: clock.now(),
    })
    .where(and(eq(webhookEndpoints.id, input.endpointId), eq(webhookEndpoints.sellerId, sellerId)))
    .returning()
  if (!row) throw new AppError(404, WEBHOOKS.endpointNotFound)
  return endpointView(row)
}

export async function deleteEndpoint(db: Db, sellerId: string, endpointId: string) {
  const gone = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.sellerId, sellerId)))
    .returning({ id: webhookEndpoints.id })
  if (gone.length === 0) throw new AppError(404, WEBHOOKS.endpointNotFound)
  return { deleted: true as const }
}

type AttemptRow = typeof webhookAttempts.$inferSelect

const attemptView = (row: AttemptRow): WebhookAttemptView => ({
  id: row.id,
  trigger: row.trigger as WebhookAttemptView['trigger'],
  url: row.url,
  requestHeaders: row.requestHeaders,
  responseStatus: row.responseStatus,
  responseBody: row.responseBody,
  error: row.error,
  durationMs: row.durationMs,
  at: row.createdAt.toISOString(),
})

/** An endpoint's deliveries, newest first, with their bodies and attempts. */
export async function listDeliveries(
  db: Db,
  sellerId: string,
  input: { endpointId: string; cursor?: string | undefined; limit: number },
): Promise<{ deliveries: WebhookDeliveryView[]; nextCursor: string | null }> {
  await ownEndpoint(db, sellerId, input.endpointId)
  const rows = await db
    .select({ delivery: webhookDeliveries, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, input.endpointId),
        input.cursor ? lt(webhookDeliveries.id, input.cursor) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(input.limit + 1)
  const shown = rows.slice(0, input.limit)
  return {
    deliveries: await withAttempts(db, shown),
    nextCursor: rows.length > input.limit ? (shown.at(-1)?.delivery.id ?? null) : null,
  }
}

type DeliveryRows = {
  delivery: typeof webhookDeliveries.$inferSelect
  event: typeof webhookEvents.$inferSelect
}[]

async function withAttempts(db: Db, rows: DeliveryRows): Promise<WebhookDeliveryView[]> {
  const ids = rows.map((r) => r.delivery.id)
  const attempts = ids.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, ids))
        .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.id))
    : []
  return rows.map(({ delivery, event }) => ({
    id: delivery.id,
    eventId: event.id,
    type: event.type,
    test: event.test,
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.status === 'pending' ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    createdAt: delivery.createdAt.toISOString(),
    body: eventBody(event),
    log: attempts.filter((a) => a.deliveryId === delivery.id).map(attemptView),
  }))
}

async function deliveryView(db: Db, deliveryId: string): Promise<WebhookDeliveryView> {
  const rows = await db
    .select({ delivery: webhookDeliveries, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId))
  const [view] = await withAttempts(db, rows)
  if (!view) throw new AppError(404, WEBHOOKS.deliveryNotFound)
  return view
}

/** Sends one of the seller's deliveries again now, the same event; answers it with the new attempt. */
export async function resendDelivery(deps: WebhookServices, sellerId: string, deliveryId: string) {
  const [mine] = await deps.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.sellerId, sellerId)))
  if (!mine) throw new AppError(404, WEBHOOKS.deliveryNotFound)
  await attemptDelivery(deps, deliveryId, 'resend')
  return { delivery: await deliveryView(deps.db, deliveryId) }
}

/** A `webhook.test` event to one endpoint, sent now and once: a seller checks their receiver with it. */
export async function sendTest(deps: WebhookServices, sellerId: string, endpointId: string) {
  const endpoint = await ownEndpoint(deps.db, sellerId, endpointId)
  const eventId = uuidv7()
  const deliveryId = uuidv7()
  await deps.db.transaction(async (tx) => {
    await tx.insert(webhookEvents).values({
      id: eventId,
      sellerId,
      type: WEBHOOK_TEST_EVENT,
      objectId: endpoint.id,
      object: { object: 'webhook_endpoint', id: endpoint.id, url: endpoint.url },
      test: true,
    })
    await tx.insert(webhookDeliveries).values({ id: deliveryId, eventId, endpointId: endpoint.id })
  })
  await attemptDelivery(deps, deliveryId, 'test')
  // A test is tried once: it is not left pending for the schedule.
  await deps.db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')))
  return { delivery: await deliveryView(deps.db, deliveryId) }
}
