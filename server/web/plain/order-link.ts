import type { Gateway } from '../../payments/gateway'

/**
 * The cookie that sends a browser back from the card's or PayPal's page to the order's plain page: set
 * only by a checkout posted without script, for that order, for an hour.
 */
export const PLAIN_ORDER_COOKIE = 'soko_order'

/** The order's plain page: it waits for the payment (refreshing itself), then is the receipt. */
export function orderPath(gateway: Pick<Gateway, 'sign'>, orderId: string): string {
  return `/buy/order/${orderId}?key=${gateway.sign('receipt', orderId)}`
}
