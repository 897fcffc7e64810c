import type { SubjectName } from '.'
import type { ApiArea } from './developers.constants'
import type { Message } from './i18n'

/**
 * The seller API (/api/v1): each endpoint runs one subject of the contract, as the app does — the same
 * checks, limits and messages — for the seller whose key is sent. This table is what the server routes,
 * what /api/v1/openapi.json and the /developers reference describe, and what the seller's activity names.
 */

export const API_BASE = '/api/v1'

export type ApiMethod = 'get' | 'post' | 'patch' | 'delete'

export interface ApiEndpoint {
  /** Stable: OpenAPI's operationId, and the action's name in the seller's activity. */
  operationId: string
  method: ApiMethod
  /** Under /api/v1, with `{name}` for a path parameter. */
  path: string
  subject: SubjectName
  /** The scope it needs: its area, and read (GET) or write (anything else). */
  area: ApiArea
  /** What it does, in a few words: the reference's heading, and the activity's line. */
  title: Message
  /** Each path parameter and the subject's input field it fills. */
  params?: Record<string, string>
  /** The subject's input fields the API does not take (the app's own). */
  omit?: readonly string[]
  /** Inputs the API sets when the request does not (a page of 20, where the app takes all). */
  defaults?: Record<string, unknown>
  /**
   * How the subject's answer is given: `list` names its array (answered as `data` with `nextCursor`), `one`
   * its object (answered as `data`); without either, the answer as a whole is `data`.
   */
  list?: string
  one?: string
}

/** Areas in the reference's order, each with its heading. */
export const API_AREA_TITLES: Record<ApiArea, Message> = {
  products: /*i18n*/ { id: 'api.area.products', message: 'Products' },
  discounts: /*i18n*/ { id: 'api.area.discounts', message: 'Discount codes' },
  orders: /*i18n*/ { id: 'api.area.orders', message: 'Orders, bookings and tickets' },
  customers: /*i18n*/ { id: 'api.area.customers', message: 'Customers' },
  invoices: /*i18n*/ { id: 'api.area.invoices', message: 'Invoices' },
  payouts: /*i18n*/ { id: 'api.area.payouts', message: 'Payouts and balance' },
  webhooks: /*i18n*/ { id: 'api.area.webhooks', message: 'Webhooks' },
}

export const API_ENDPOINTS: readonly ApiEndpoint[] = [
  {
    operationId: 'listProducts',
    method: 'get',
    path: '/products',
    subject: 'listMyProducts',
    area: 'products',
    title: /*i18n*/ { id: 'api.op.listProducts', message: 'List your products' },
    defaults: { limit: 20 },
    list: 'products',
  },
  {
    operationId: 'getProduct',
    method: 'get',
    path: '/products/{id}',
    subject: 'getMyProduct',
    area: 'products',
    title: /*i18n*/ { id: 'api.op.getProduct', message: 'Get a product' },
    params: { id: 'id' },
    one: 'product',
  },
  {
    operationId: 'createProduct',
    method: 'post',
    path: '/products',
    subject: 'createProduct',
    area: 'products',
    title: /*i18n*/ { id: 'api.op.createProduct', message: 'Create a draft product' },
    one: 'product',
  },
  {
    operationId: 'updateProduct',
    method: 'patch',
    path: '/products/{id}',
    subject: 'updateProduct',
    area: 'products',
    title: /*i18n*/ { id: 'api.op.updateProduct', message: 'Change a product' },
    params: { id: 'id' },
    one: 'product',
  },
  {
    operationId: 'publishProduct',
    method: 'post',
    path: '/products/{id}/publish',
    subject: 'publishProduct',
    area: 'products',
    title: /*i18n*/ { id: 'api.op.publishProduct', message: 'Put a product on sale' },
    params: { id: 'id' },
    one: 'product',
  },
  {
    operationId: 'unpublishProduct',
    method: 'post',
    path: '/products/{id}/unpublish',
    subject: 'unpublishProduct',
    area: 'products',
    title: /*i18n*/ { id: 'api.op.unpublishProduct', message: 'Take a product off sale' },
    params: { id: 'id' },
    one: 'product',
  },
  {
    operationId: 'deleteProduct',
    method: 'delete',
    path: '/products/{id}',
    subject: 'deleteProduct',
    area: 'products',
    title: /*i18n*/ {
      id: 'api.op.deleteProduct',
      message: 'Delete a product (or archive one that was sold)',
    },
    params: { id: 'id' },
  },
  {
    operationId: 'listBundles',
    method: 'get',
    path: '/bundles',
    subject: 'listMyBundles',
    area: 'products',
    title: /*i18n*/ { id: 'api.op.listBundles', message: 'List your bundles' },
    one: 'bundles',
  },
  {
    operationId: 'createBundle',
    method: 'post',
    path: '/bundles',
    subject: 'saveBundle',
    area: 'products',
    title: /*i18n*/ { id: 'api.op.createBundle', message: 'Make a bundle of your products' },
    omit: ['id'],
    one: 'bundle',
  },
  {
    operationId: 'replaceBundle',
    method: 'post',
    path: '/bundles/{id}',
    subject: 'saveBundle',
    area: 'products',
    title: /*i18n*/ { id: 'api.op.replaceBundle', message: 'Change a bundle (its title, price and parts)' },
    params: { id: 'id' },
    one: 'bundle',
  },
  {
    operationId: 'publishBundle',
    method: 'post',
    path: '/bundles/{id}/publish',
    subject: 'publishBundle',
    area: 'products',
    title: /*i18n*/ { id: 'api.op.publishBundle', message: 'Put a bundle on sale' },
    params: { id: 'id' },
    omit: ['published'],
    defaults: { published: true },
    one: 'bundle',
  },
  {
    operationId: 'unpublishBundle',
    method: 'post',
    path: '/bundles/{id}/unpublish',
    subject: 'publishBundle',
    area: 'products',
    title: /*i18n*/ { id: 'api.op.unpublishBundle', message: 'Take a bundle off sale' },
    params: { id: 'id' },
    omit: ['published'],
    defaults: { published: false },
    one: 'bundle',
  },
  {
    operationId: 'deleteBundle',
    method: 'delete',
    path: '/bundles/{id}',
    subject: 'deleteBundle',
    area: 'products',
    title: /*i18n*/ { id: 'api.op.deleteBundle', message: 'Delete a bundle' },
    params: { id: 'id' },
  },
  {
    operationId: 'listDiscountCodes',
    method: 'get',
    path: '/discount_codes',
    subject: 'listDiscountCodes',
    area: 'discounts',
    title: /*i18n*/ { id: 'api.op.listDiscountCodes', message: 'List your discount codes with their uses' },
    one: 'codes',
  },
  {
    operationId: 'createDiscountCode',
    method: 'post',
    path: '/discount_codes',
    subject: 'createDiscountCode',
    area: 'discounts',
    title: /*i18n*/ { id: 'api.op.createDiscountCode', message: 'Make a discount code' },
    one: 'code',
  },
  {
    operationId: 'pauseDiscountCode',
    method: 'post',
    path: '/discount_codes/{id}/pause',
    subject: 'pauseDiscountCode',
    area: 'discounts',
    title: /*i18n*/ { id: 'api.op.pauseDiscountCode', message: 'Pause a discount code, or start it again' },
    params: { id: 'codeId' },
    one: 'code',
  },
  {
    operationId: 'getCheckoutRecovery',
    method: 'get',
    path: '/checkout_recovery',
    subject: 'getCheckoutRecovery',
    area: 'discounts',
    title: /*i18n*/ { id: 'api.op.getCheckoutRecovery', message: 'See what checkout reminders brought back' },
    one: 'recovery',
  },
  {
    operationId: 'listOrders',
    method: 'get',
    path: '/orders',
    subject: 'listSales',
    area: 'orders',
    title: /*i18n*/ { id: 'api.op.listOrders', message: 'List your orders' },
    list: 'orders',
  },
  {
    operationId: 'getOrder',
    method: 'get',
    path: '/orders/{id}',
    subject: 'getSale',
    area: 'orders',
    title: /*i18n*/ { id: 'api.op.getOrder', message: 'Get an order' },
    params: { id: 'orderId' },
    one: 'order',
  },
  {
    operationId: 'refundOrder',
    method: 'post',
    path: '/orders/{id}/refund',
    subject: 'refundOrder',
    area: 'orders',
    title: /*i18n*/ { id: 'api.op.refundOrder', message: 'Refund an order in full' },
    params: { id: 'orderId' },
    one: 'order',
  },
  {
    operationId: 'shipOrder',
    method: 'post',
    path: '/orders/{id}/ship',
    subject: 'markOrderShipped',
    area: 'orders',
    title: /*i18n*/ { id: 'api.op.shipOrder', message: 'Mark a merch order sent' },
    params: { id: 'orderId' },
    one: 'order',
  },
  {
    operationId: 'listBookings',
    method: 'get',
    path: '/bookings',
    subject: 'listBookings',
    area: 'orders',
    title: /*i18n*/ { id: 'api.op.listBookings', message: 'List your bookings' },
    list: 'bookings',
  },
  {
    operationId: 'rescheduleBooking',
    method: 'post',
    path: '/bookings/{id}/reschedule',
    subject: 'rescheduleBooking',
    area: 'orders',
    title: /*i18n*/ { id: 'api.op.rescheduleBooking', message: 'Move a booking to another time' },
    params: { id: 'orderId' },
    omit: ['key'],
    one: 'order',
  },
  {
    operationId: 'cancelBooking',
    method: 'post',
    path: '/bookings/{id}/cancel',
    subject: 'cancelBooking',
    area: 'orders',
    title: /*i18n*/ { id: 'api.op.cancelBooking', message: 'Cancel a booking and refund it' },
    params: { id: 'orderId' },
    omit: ['key'],
    one: 'order',
  },
  {
    operationId: 'listTickets',
    method: 'get',
    path: '/events/{id}/tickets',
    subject: 'listAttendees',
    area: 'orders',
    title: /*i18n*/ { id: 'api.op.listTickets', message: 'List an event’s tickets and attendees' },
    params: { id: 'eventId' },
  },
  {
    operationId: 'checkIn',
    method: 'post',
    path: '/events/{id}/check-ins',
    subject: 'syncCheckIns',
    area: 'orders',
    title: /*i18n*/ { id: 'api.op.checkIn', message: 'Check tickets in at the door' },
    params: { id: 'eventId' },
  },
  {
    operationId: 'listCustomers',
    method: 'get',
    path: '/customers',
    subject: 'listCustomers',
    area: 'customers',
    title: /*i18n*/ { id: 'api.op.listCustomers', message: 'List your customers' },
    // A sum of money does not fit in a query string.
    omit: ['spentOver'],
    list: 'customers',
  },
  {
    operationId: 'getCustomer',
    method: 'get',
    path: '/customers/{key}',
    subject: 'getCustomer',
    area: 'customers',
    title: /*i18n*/ { id: 'api.op.getCustomer', message: 'Get a customer with their orders and invoices' },
    params: { key: 'key' },
  },
  {
    operationId: 'updateCustomerNote',
    method: 'post',
    path: '/customers/{key}/note',
    subject: 'updateCustomerNote',
    area: 'customers',
    title: /*i18n*/ { id: 'api.op.updateCustomerNote', message: 'Write your note on a customer' },
    params: { key: 'key' },
  },
  {
    operationId: 'listInvoices',
    method: 'get',
    path: '/invoices',
    subject: 'listInvoices',
    area: 'invoices',
    title: /*i18n*/ { id: 'api.op.listInvoices', message: 'List your invoices' },
    list: 'invoices',
  },
  {
    operationId: 'getInvoice',
    method: 'get',
    path: '/invoices/{id}',
    subject: 'getInvoice',
    area: 'invoices',
    title: /*i18n*/ { id: 'api.op.getInvoice', message: 'Get an invoice with its payments' },
    params: { id: 'invoiceId' },
    one: 'invoice',
  },
  {
    operationId: 'createInvoice',
    method: 'post',
    path: '/invoices',
    subject: 'createInvoice',
    area: 'invoices',
    title: /*i18n*/ { id: 'api.op.createInvoice', message: 'Create a draft invoice' },
    // The Idempotency-Key does what the app's draft key does.
    omit: ['draftKey'],
    one: 'invoice',
  },
  {
    operationId: 'sendInvoice',
    method: 'post',
    path: '/invoices/{id}/send',
    subject: 'sendInvoice',
    area: 'invoices',
    title: /*i18n*/ { id: 'api.op.sendInvoice', message: 'Send an invoice to its client' },
    params: { id: 'invoiceId' },
    one: 'invoice',
  },
  {
    operationId: 'voidInvoice',
    method: 'post',
    path: '/invoices/{id}/void',
    subject: 'voidInvoice',
    area: 'invoices',
    title: /*i18n*/ { id: 'api.op.voidInvoice', message: 'Cancel an invoice nothing was paid on' },
    params: { id: 'invoiceId' },
    one: 'invoice',
  },
  {
    operationId: 'listPayouts',
    method: 'get',
    path: '/payouts',
    subject: 'listPayouts',
    area: 'payouts',
    title: /*i18n*/ { id: 'api.op.listPayouts', message: 'List your payouts' },
    list: 'payouts',
  },
  {
    operationId: 'getPayout',
    method: 'get',
    path: '/payouts/{id}',
    subject: 'getPayout',
    area: 'payouts',
    title: /*i18n*/ { id: 'api.op.getPayout', message: 'Get a payout with its timeline' },
    params: { id: 'payoutId' },
    one: 'payout',
  },
  {
    operationId: 'getBalance',
    method: 'get',
    path: '/balance',
    subject: 'getBalances',
    area: 'payouts',
    title: /*i18n*/ { id: 'api.op.getBalance', message: 'Get your balance in each currency' },
    one: 'balances',
  },
  {
    operationId: 'listWebhookEndpoints',
    method: 'get',
    path: '/webhook_endpoints',
    subject: 'listWebhookEndpoints',
    area: 'webhooks',
    title: /*i18n*/ { id: 'api.op.listWebhookEndpoints', message: 'List your webhook endpoints' },
    one: 'endpoints',
  },
  {
    operationId: 'createWebhookEndpoint',
    method: 'post',
    path: '/webhook_endpoints',
    subject: 'createWebhookEndpoint',
    area: 'webhooks',
    title: /*i18n*/ {
      id: 'api.op.createWebhookEndpoint',
      message: 'Add a webhook endpoint (its signing secret is in this answer only)',
    },
  },
  {
    operationId: 'updateWebhookEndpoint',
    method: 'patch',
    path: '/webhook_endpoints/{id}',
    subject: 'updateWebhookEndpoint',
    area: 'webhooks',
    title: /*i18n*/ {
      id: 'api.op.updateWebhookEndpoint',
      message: "Change an endpoint's events, or turn it off or on",
    },
    params: { id: 'endpointId' },
    one: 'endpoint',
  },
  {
    operationId: 'deleteWebhookEndpoint',
    method: 'delete',
    path: '/webhook_endpoints/{id}',
    subject: 'deleteWebhookEndpoint',
    area: 'webhooks',
    title: /*i18n*/ { id: 'api.op.deleteWebhookEndpoint', message: 'Delete a webhook endpoint' },
    params: { id: 'endpointId' },
  },
  {
    operationId: 'listWebhookDeliveries',
    method: 'get',
    path: '/webhook_endpoints/{id}/deliveries',
    subject: 'listWebhookDeliveries',
    area: 'webhooks',
    title: /*i18n*/ {
      id: 'api.op.listWebhookDeliveries',
      message: "List an endpoint's deliveries with every attempt",
    },
    params: { id: 'endpointId' },
    list: 'deliveries',
  },
  {
    operationId: 'sendTestWebhook',
    method: 'post',
    path: '/webhook_endpoints/{id}/test',
    subject: 'sendTestWebhook',
    area: 'webhooks',
    title: /*i18n*/ { id: 'api.op.sendTestWebhook', message: 'Send a test event to an endpoint' },
    params: { id: 'endpointId' },
    one: 'delivery',
  },
  {
    operationId: 'resendWebhookDelivery',
    method: 'post',
    path: '/webhook_deliveries/{id}/resend',
    subject: 'resendWebhookDelivery',
    area: 'webhooks',
    title: /*i18n*/ { id: 'api.op.resendWebhookDelivery', message: 'Send a delivery again now' },
    params: { id: 'deliveryId' },
    one: 'delivery',
  },
]

/** What a request to an endpoint needs: read for GET, write for anything else. */
export const accessOf = (endpoint: Pick<ApiEndpoint, 'method'>) =>
  endpoint.method === 'get' ? ('read' as const) : ('write' as const)

/** The endpoint of an activity's operation id, to name it. */
export const endpointOf = (operationId: string) => API_ENDPOINTS.find((e) => e.operationId === operationId)
