/**
 * Checkout: placing, paying, settling, refunding and mailing orders of every kind, with what a booking's
 * order carries (its calendar facts, change policy and reminders). Offers its RPC handlers, the owners of
 * order payment events, the payments job's work, and the order reads and writes that bookings, invoices,
 * downloads, admin and the demo data build on.
 */

export type { BookingFacts } from './booking-event'
export { bookingFacts, buyerZone, calendarParts } from './booking-event'
export { changeHours, changeUntil } from './booking-policy'
export { dropReminders, scheduleReminders } from './booking-reminders'
export { checkoutHandlers } from './checkout.handlers'
export { checkoutCall, checkoutChecks } from './checkout-limits'
export type { CheckoutServices } from './deps'
export { hashKey } from './deps'
export { assertBuyerMayHold, heldOf, holdsOf } from './holds'
export { orderLinkWithKey, orderMails, sellerOf } from './mails'
export { memberFiles, withPostFiles } from './membership-files'
export { membershipEvent } from './membership-line'
export { CHECKOUT_NOTES, checkoutNoteIn } from './notes'
export { visibleOrder } from './order-access'
export { orderOwner, refundOwner } from './order-events'
export type { OrderLineRow } from './order-lines'
export { insertLines, linesOf, onlyLine } from './order-lines'
export { lockProducts } from './order-offer'
export { downloadsUsed } from './order-view'
export type { OrderRow } from './orders'
export { newReference, takenSlots, takenSlotsByProduct } from './orders'
export { checkPending, closeOrder, expireOrders, orderView, startPayment } from './payment'
export { buyerFor, countPrompt, insertOrder, paymentFor, startPlaced } from './place-order'
export { chargesFor, priceSelection } from './pricing'
export { payerPhone } from './receipt-sms'
export { refundMismatch, refundOrder } from './refunds'
export { fulfilPaid, settle } from './settle'
export { findSlot, serviceSlots } from './slots'
