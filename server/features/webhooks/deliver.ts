import { and, eq, lte, sql } from 'drizzle-orm'
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '../../../contract/webhooks.constants'
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema'
import type { JobDefinition } from '../../jobs/define'
import { clock } from '../../lib/clock'
import { guardedPost, type PostResult } from '../../lib/guarded-post'
import { translate } from '../../lib/i18n'
import { userLanguage } from '../../lib/user-language'
import { uuidv7 } from '../../lib/uuid'
import { compose, HI } from '../../mail/templates'
import type { AppServices } from '../../services'
import {
  DELIVER_JOB,
  DELIVER_MAX_ATTEMPTS,
  type DeliverPayload,
  deliverPayload,
  eventBody,
  signature,
} from './events'

export type WebhookServices = Pick<AppServices, 'db' | 'config' | 'log' | 'mailer' | 'webhookResolver'>

export type Trigger = 'auto' | 'resend' | 'test'

/** The wait after failed attempt `attempt` (1, 2, …): the base, doubling, up to the most. */
export function retryDelayMs(config: AppServices['config'], attempt: number): number {
  const { retryBaseMs, retryMaxMs } = config.webhooks
  return Math.min(retryBaseMs * 2 ** Math.min(Math.max(0, attempt - 1), 40), retryMaxMs)
}

/**
 * The job that delivers: one run is one attempt. A failed attempt fails the run, and the runner tries
 * again after the backoff; once the delivery's window has closed (or its endpoint was disabled) the run
 * ends it as failed instead. Deliveries are separate jobs, so one slow endpoint never holds up another.
 */
export function webhookDeliveryJob(deps: WebhookServices): JobDefinition<DeliverPayload> {
  return {
    name: DELIVER_JOB,
    payload: deliverPayload,
    maxAttempts: DELIVER_MAX_ATTEMPTS,
    backoffMs: (attempt) => retryDelayMs(deps.config, attempt),
    schedule: null,
    async run({ deliveryId }, context) {
      const outcome = await attemptDelivery(deps, deliveryId, 'auto', context)
      if (outcome === 'retry') throw new Error(`webhook delivery ${deliveryId} failed; trying again later`)
    },
  }
}

/**
 * Posts a delivery's event once and records the attempt. `auto` attempts belong to the retry schedule:
 * they skip a delivery already done, and their failures count towards giving up and disabling the
 * endpoint. A `resend` or `test` is the seller's own, sent whatever the delivery's state.
 */
export async function attemptDelivery(
  deps: WebhookServices,
  deliveryId: string,
  trigger: Trigger,
  context: { now(): Date; attempt?: number; signal?: AbortSignal } = { now: () => clock.now() },
): Promise<'done' | 'retry' | 'ended'> {
  const { db, config } = deps
  const [row] = await db
    .select({ delivery: webhookDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId))
  if (!row) return 'ended'
  const { delivery, event, endpoint } = row
  if (trigger === 'auto') {
    if (delivery.status !== 'pending') return 'ended'
    if (endpoint.status !== 'enabled') {
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', nextAttemptAt: null, updatedAt: context.now() })
        .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'pending')))
      return 'ended'
    }
  }
  const body = eventBody(event)
  const sentAt = context.now()
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Soko-Webhooks/1',
    [WEBHOOK_EVENT_ID_HEADER.toLowerCase()]: event.id,
    'soko-event-type': event.type,
    'soko-delivery-id': delivery.id,
    [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signature(
      endpoint.secret,
      Math.floor(sentAt.getTime() / 1000),
      body,
    ),
  }
  const started = performance.now()
  const result = await guardedPost(endpoint.url, headers, body, {
    allowLoopback: config.webhooks.allowLoopback,
    resolve: deps.webhookResolver,
    timeoutMs: config.webhooks.timeoutMs,
    signal: context.signal,
  })
  const durationMs = Math.round(performance.now() - started)
  const ok = result.kind === 'answered' && result.status >= 200 && result.status < 300
  const now = context.now()
  const closes = delivery.createdAt.getTime() + config.webhooks.windowMs
  const disabled = await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      id: uuidv7(),
      deliveryId: delivery.id,
      trigger,
      url: result.url,
      requestHeaders: headers,
      responseStatus: result.kind === 'answered' ? result.status : null,
      responseBody: result.kind === 'answered' ? result.body : null,
      error: describe(result),
      durationMs,
      createdAt: now,
    })
    if (ok) {
      await tx
        .update(webhookDeliveries)
        .set({
          status: 'succeeded',
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          deliveredAt: now,
          nextAttemptAt: null,
          updatedAt: now,
        })
        .where(eq(webhookDeliveries.id, delivery.id))
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(eq(webhookEndpoints.id, endpoint.id))
      return null
    }
    const givesUp = trigger === 'auto' && now.getTime() >= closes
    const again =
      trigger === 'auto' && !givesUp
        ? new Date(now.getTime() + retryDelayMs(config, context.attempt ?? delivery.attempts + 1))
        : null
    await tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        ...(trigger === 'auto' ? { nextAttemptAt: again } : {}),
        ...(givesUp ? { status: 'failed' as const } : {}),
        updatedAt: now,
      })
      .where(eq(webhookDeliveries.id, delivery.id))
    // A test says nothing of the endpoint's health: only real events count towards disabling it.
    if (trigger === 'test') return null
    await tx
      .update(webhookEndpoints)
      .set({
        failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(webhookEndpoints.id, endpoint.id))
    // Failing for the whole window, with no success since: disabled, its deliveries ended (once).
    const [off] = await tx
      .update(webhookEndpoints)
      .set({ status: 'disabled', disabledReason: 'failing', updatedAt: now })
      .where(
        and(
          eq(webhookEndpoints.id, endpoint.id),
          eq(webhookEndpoints.status, 'enabled'),
          lte(webhookEndpoints.failingSince, new Date(now.getTime() - config.webhooks.windowMs)),
        ),
      )
      .returning()
    if (!off) return null
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null, updatedAt: now })
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'pending')))
    return off
  })
  if (disabled) {
    deps.log.warn('webhooks: an endpoint failed for its whole retry window and was disabled', {
      endpointId: disabled.id,
    })
    await tellDisabled(deps, disabled).catch((error: unknown) =>
      deps.log.error('webhooks: the mail saying an endpoint was disabled was not sent', {
        endpointId: disabled.id,
        error,
      }),
    )
    return 'ended'
  }
  if (ok) return 'done'
  return trigger === 'auto' && now.getTime() < closes ? 'retry' : 'ended'
}

/** What the delivery log says went wrong, when no 2xx came back. */
function describe(result: PostResult): string | null {
  if (result.kind !== 'answered') return result.error
  if (result.status >= 200 && result.status < 300) return null
  return `answered ${result.status}`
}

/** The seller is told by mail, in their language, which endpoint stopped and how to start it again. */
async function tellDisabled(deps: WebhookServices, endpoint: typeof webhookEndpoints.$inferSelect) {
  const [seller] = await deps.db.select().from(users).where(eq(users.id, endpoint.sellerId))
  if (!seller) return
  const lang = userLanguage(seller)
  const hours = Math.round(deps.config.webhooks.windowMs / 3_600_000)
  const params = { url: endpoint.url, hours, days: Math.round(hours / 24) }
  await deps.mailer.send(
    compose(
      seller.email,
      translate(
        lang,
        /*i18n*/ {
          id: 'mail.webhooks.disabled.subject',
          message: 'Soko stopped sending to your webhook endpoint',
        },
      ),
      [
        translate(lang, HI, { name: seller.name }),
        translate(
          lang,
          /*i18n*/ {
            id: 'mail.webhooks.disabled.body',
            message:
              'Every delivery to {url} has failed for {hours} hours, so Soko has turned the endpoint off and stopped trying.',
          },
          params,
        ),
        translate(
          lang,
          /*i18n*/ {
            id: 'mail.webhooks.disabled.next',
            message:
              'Once your server answers again, turn the endpoint on from the developers page. Its delivery log shows what each attempt got back, and you can resend the events it missed.',
          },
        ),
      ],
      {
        label: translate(
          lang,
          /*i18n*/ { id: 'mail.webhooks.disabled.action', message: 'Open the developers page' },
        ),
        url: `${deps.config.publicUrl}/account/developers`,
      },
      lang,
    ),
  )
}
