/**
 * Invoices: sellers bill anyone by link, mail or SMS, and payers pay on the invoice's page. Offers its RPC
 * handlers, the pay page's routes and share card, the owners of invoice payment events, the invoices jobs'
 * work and the rows the demo data writes.
 */

export { checkLateExcessRefunds } from './excess'
export { invoiceExcessOwner, invoicePaymentOwner, unclaimedPayments } from './invoice-events'
export { draftColumns, newInvoiceReference } from './invoice-rows'
export { invoicesHandlers } from './invoices.handlers'
export { invoiceRoutes, payPageHead } from './invoices.routes'
export { expireInvoiceCharges } from './pay'
export { markOverdue, overdueAt, sendDueReminders } from './send'
