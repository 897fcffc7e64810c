/**
 * Sellers' webhooks: the events of their stores (emitted in the transaction of each change), their
 * endpoints, the signed deliveries the job runner makes through the SSRF guard, and the delivery log.
 */

export { type AddressClass, classify, type Resolver, systemResolver } from '../../lib/address-guard'
export { type Trigger, type WebhookServices, webhookDeliveryJob } from './deliver'
export { emitEvent, eventBody, signature } from './events'
export {
  bookingObject,
  checkInObject,
  invoiceObject,
  membershipObject,
  orderObject,
  payoutObject,
} from './objects'
export { webhooksHandlers } from './webhooks.handlers'
