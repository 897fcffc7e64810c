import { createHmac } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { WebhookEvent } from '../../../contract/webhooks.constants'
import type { DbOrTx } from '../../db/client'
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema'
import type { JobDefinition } from '../../jobs/define'
import { enqueue } from '../../jobs/store'
import { uuidv7 } from '../../lib/uuid'

/**
 * A seller's events as their webhooks carry them. `emitEvent` is called inside the transaction that makes
 * the change, so the event and its deliveries exist exactly when the change does: a change made once is
 * one event, whatever instance made it, and a change rolled back sends nothing.
 */

export const deliverPayload = z.object({
  deliveryId: z.uuid(),
})
export type DeliverPayload = z.infer<typeof deliverPayload>

/** Tries a delivery; on failure the runner tries again after the backoff, until the window closes. */
export const DELIVER_JOB = 'webhooks.deliver'
/** A safety bound: a delivery ends when its window closes, long before this many tries. */
export const DELIVER_MAX_ATTEMPTS = 100_000

/** What `enqueue` needs of the job; its handler and backoff are the webhooks service's (deliver.ts). */
const deliverSpec: Pick<JobDefinition<DeliverPayload>, 'name' | 'payload' | 'maxAttempts'> = {
  name: DELIVER_JOB,
  payload: deliverPayload,
  maxAttempts: DELIVER_MAX_ATTEMPTS,
}

/** Queues a delivery's attempts under its key: one chain of retries per delivery. */
export function queueDelivery(tx: DbOrTx, deliveryId: string, runAt?: Date) {
  return enqueue(
    tx,
    deliverSpec as JobDefinition<DeliverPayload>,
    { deliveryId },
    {
      uniqueKey: `webhook:${deliveryId}`,
      ...(runAt ? { runAt } : {}),
    },
  )
}

/**
 * Records an event of a seller's store and queues one delivery to each of their enabled endpoints that
 * asked for its type; nothing when none did. `object` is the thing as it is now, in the event's body.
 */
export async function emitEvent(
  tx: DbOrTx,
  event: { sellerId: string; type: WebhookEvent; objectId: string; object: Record<string, unknown> },
): Promise<string | null> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.sellerId, event.sellerId),
        eq(webhookEndpoints.status, 'enabled'),
        sql`${event.type} = any(${webhookEndpoints.events})`,
      ),
    )
  if (endpoints.length === 0) return null
  const id = uuidv7()
  await tx.insert(webhookEvents).values({ id, ...event })
  for (const endpoint of endpoints) {
    const deliveryId = uuidv7()
    await tx.insert(webhookDeliveries).values({ id: deliveryId, eventId: id, endpointId: endpoint.id })
    await queueDelivery(tx, deliveryId)
  }
  return id
}

type EventRow = typeof webhookEvents.$inferSelect

/** The body of an event, the same bytes on every attempt. */
export function eventBody(event: EventRow): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    test: event.test,
    data: { version: event.version, object: event.object },
  })
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" keyed with the endpoint's secret>`. */
export function signature(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')
  return `t=${unixSeconds},v1=${mac}`
}
