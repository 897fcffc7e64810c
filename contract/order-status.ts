import type { OrderStatus } from './checkout.constants'
import { say } from './say'

// Apart from the checkout's constants, which every page loads: only the sales lists need these.

/** How the order's state reads to a buyer. */
export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  pending: say(/*i18n*/ { id: 'checkout.status.pending', message: 'Waiting for payment' }),
  paid: say(/*i18n*/ { id: 'checkout.status.paid', message: 'Paid' }),
  failed: say(/*i18n*/ { id: 'checkout.status.failed', message: 'Payment failed' }),
  cancelled: say(/*i18n*/ { id: 'checkout.status.cancelled', message: 'Cancelled' }),
  expired: say(/*i18n*/ { id: 'checkout.status.expired', message: 'Expired' }),
  refunding: say(/*i18n*/ { id: 'checkout.status.refunding', message: 'Refund on its way' }),
  refunded: say(/*i18n*/ { id: 'checkout.status.refunded', message: 'Refunded' }),
}
