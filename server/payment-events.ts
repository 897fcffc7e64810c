import { orderOwner, refundOwner } from './features/checkout'
import { invoiceExcessOwner, invoicePaymentOwner, unclaimedPayments } from './features/invoices'
import { membershipOwner } from './features/memberships'
import { payoutOwner } from './features/payouts'
import { type PaymentEventOwner, routePaymentEvents } from './payments/event-router'
import type { AppServices } from './services'

/**
 * Who settles what a provider's verified message names, one owner per kind of thing a message can
 * settle. Every owner is asked; the one whose lookup finds the message its own settles it
 * (payments/event-router.ts). A new kind of thing that providers report on is one more line here.
 */
export function paymentEventOwners(services: AppServices): PaymentEventOwner[] {
  return [
    orderOwner(services),
    refundOwner(services),
    invoicePaymentOwner(services),
    invoiceExcessOwner(services),
    payoutOwner(services),
    membershipOwner(services),
  ]
}

/** The providers' messages as the app handles them: routed to their owner, or kept or logged when none. */
export function paymentEvents(services: AppServices) {
  return routePaymentEvents(paymentEventOwners(services), unclaimedPayments(services), services.log)
}
