import { z } from 'zod'
import { defineSubject } from './rpc'
import { say } from './say'
import { WEBHOOK_EVENTS } from './webhooks.constants'

const CHOOSE_EVENTS = /*i18n*/ { id: 'webhooks.chooseEvents', message: 'Choose at least one event' }
const GIVE_URL = /*i18n*/ {
  id: 'webhooks.giveUrl',
  message: 'Give the full address your server listens on, like https://example.com/soko',
}

const endpointId = z.uuid({
  error: say(/*i18n*/ { id: 'webhooks.chooseEndpoint', message: 'Choose an endpoint' }),
})
const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: say(CHOOSE_EVENTS) }), { error: say(CHOOSE_EVENTS) })
  .min(1, say(CHOOSE_EVENTS))
  .max(WEBHOOK_EVENTS.length)

export const webhookEndpointView = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  status: z.enum(['enabled', 'disabled']),
  /** `failing` when Soko disabled it after its retry window of failures; null when the seller did. */
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
})
export type WebhookEndpointView = z.infer<typeof webhookEndpointView>

export const webhookAttemptView = z.object({
  id: z.string(),
  trigger: z.enum(['auto', 'resend', 'test']),
  url: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  responseStatus: z.number().int().nullable(),
  /** The start of the answer's body, cut at 2 KB. */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  at: z.string(),
})
export type WebhookAttemptView = z.infer<typeof webhookAttemptView>

export const webhookDeliveryView = z.object({
  id: z.string(),
  eventId: z.string(),
  type: z.string(),
  test: z.boolean(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  /** The event's body as it is sent. */
  body: z.string(),
  /** Every attempt, newest first. */
  log: z.array(webhookAttemptView),
})
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>

export const webhooksContract = {
  listWebhookEndpoints: defineSubject({
    kind: 'query',
    access: 'seller',
    summary: 'Your webhook endpoints, newest first: address, events, whether enabled and failing.',
    input: z.strictObject({}),
    output: z.object({ endpoints: z.array(webhookEndpointView) }),
  }),
  createWebhookEndpoint: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Adds an endpoint for the events given. Its signing secret is in this answer only: keep it to check each delivery.',
    input: z.strictObject({
      url: z
        .string({ error: say(GIVE_URL) })
        .trim()
        .min(1, say(GIVE_URL))
        .max(
          2000,
          say(/*i18n*/ { id: 'webhooks.urlTooLong', message: 'Keep the address under 2000 characters' }),
        )
        .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), say(GIVE_URL)),
      description: z
        .string()
        .trim()
        .max(
          100,
          say(/*i18n*/ { id: 'webhooks.keepNoteShort', message: 'Keep the note under 100 characters' }),
        )
        .default(''),
      events,
    }),
    output: z.object({ endpoint: webhookEndpointView, secret: z.string() }),
  }),
  updateWebhookEndpoint: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Changes the events an endpoint gets, or turns it off and on. Turned on again, its failures are forgotten.',
    input: z.strictObject({ endpointId, events: events.optional(), enabled: z.boolean().optional() }),
    output: z.object({ endpoint: webhookEndpointView }),
  }),
  deleteWebhookEndpoint: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'Deletes an endpoint and its delivery log; nothing more is sent to it.',
    input: z.strictObject({ endpointId }),
    output: z.object({ deleted: z.literal(true) }),
  }),
  listWebhookDeliveries: defineSubject({
    kind: 'query',
    access: 'seller',
    summary: "An endpoint's deliveries, newest first, each with its body and every attempt.",
    input: z.strictObject({
      endpointId,
      cursor: z.uuid().optional(),
      limit: z.number().int().min(1).max(50).default(20),
    }),
    output: z.object({ deliveries: z.array(webhookDeliveryView), nextCursor: z.string().nullable() }),
  }),
  resendWebhookDelivery: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'Sends a delivery again now, with the same event id, and answers how it went.',
    input: z.strictObject({
      deliveryId: z.uuid({
        error: say(/*i18n*/ { id: 'webhooks.chooseDelivery', message: 'Choose a delivery' }),
      }),
    }),
    output: z.object({ delivery: webhookDeliveryView }),
  }),
  sendTestWebhook: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'Sends a webhook.test event to an endpoint now, once, and answers how it went.',
    input: z.strictObject({ endpointId }),
    output: z.object({ delivery: webhookDeliveryView }),
  }),
}
