import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { WEBHOOK_TEST_EVENT, type WebhookEvent } from '../../../contract/webhooks.constants'

/** Each event as the seller reads it, grouped as the form shows them. */
export const EVENT_NAMES: Record<WebhookEvent | typeof WEBHOOK_TEST_EVENT, MessageDescriptor> = {
  'order.paid': msg`Order paid`,
  'order.refunded': msg`Order refunded`,
  'booking.created': msg`Booking made`,
  'booking.rescheduled': msg`Booking moved`,
  'booking.cancelled': msg`Booking cancelled`,
  'ticket.checked_in': msg`Ticket checked in`,
  'invoice.sent': msg`Invoice sent`,
  'invoice.paid': msg`Invoice paid`,
  'invoice.overdue': msg`Invoice overdue`,
  'payout.paid': msg`Payout paid`,
  'payout.failed': msg`Payout failed`,
  'checkout.recovered': msg`Checkout recovered`,
  'membership.started': msg`Membership started`,
  'membership.renewed': msg`Membership renewed`,
  'membership.renewal_failed': msg`Membership renewal failed`,
  'membership.cancelled': msg`Membership cancelled`,
  [WEBHOOK_TEST_EVENT]: msg`Test event`,
}

export const EVENT_GROUPS: { name: MessageDescriptor; events: WebhookEvent[] }[] = [
  { name: msg`Orders`, events: ['order.paid', 'order.refunded'] },
  { name: msg`Bookings`, events: ['booking.created', 'booking.rescheduled', 'booking.cancelled'] },
  { name: msg`Tickets`, events: ['ticket.checked_in'] },
  { name: msg`Invoices`, events: ['invoice.sent', 'invoice.paid', 'invoice.overdue'] },
  { name: msg`Payouts`, events: ['payout.paid', 'payout.failed'] },
  { name: msg`Checkouts`, events: ['checkout.recovered'] },
  {
    name: msg`Memberships`,
    events: ['membership.started', 'membership.renewed', 'membership.renewal_failed', 'membership.cancelled'],
  },
]

/** An event's name in the seller's language; the type itself when it is one this app does not know. */
export const eventName = (type: string): MessageDescriptor | null =>
  (EVENT_NAMES as Record<string, MessageDescriptor>)[type] ?? null
