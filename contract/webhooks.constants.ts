/**
 * A seller's webhooks: the events Soko posts, and the limits of endpoints. Zod-free, for the client too.
 */

/** Every event an endpoint can ask for, in the order the developers page lists them. */
export const WEBHOOK_EVENTS = [
  'order.paid',
  'order.refunded',
  'booking.created',
  'booking.rescheduled',
  'booking.cancelled',
  'ticket.checked_in',
  'invoice.sent',
  'invoice.paid',
  'invoice.overdue',
  'payout.paid',
  'payout.failed',
  'checkout.recovered',
  'membership.started',
  'membership.renewed',
  'membership.renewal_failed',
  'membership.cancelled',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** The event a seller sends from the developers page to try an endpoint; never sent otherwise. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

/** A seller's endpoints at most. */
export const MAX_WEBHOOK_ENDPOINTS = 10
/** The header that signs a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Soko-Signature'
/** The header that names the event, the same on every attempt: a receiver keeps it to drop repeats. */
export const WEBHOOK_EVENT_ID_HEADER = 'Soko-Event-Id'
/** What every signing secret begins with. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'
/** How old a signature's timestamp a receiver should still accept (the docs' verification uses it). */
export const WEBHOOK_TOLERANCE_SECONDS = 300
