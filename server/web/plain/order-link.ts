import type { Gateway } from '../../payments/gateway'

/**
 * The cookie that sends a browser back from the card's or PayPal's page to the order's plain page: set
 * only by a checkout posted without script, for that order, for an hour. It carries the order's receipt
 * key beside its id, so a cookie someone writes for an order they did not place opens nothing.
 */
export const PLAIN_ORDER_COOKIE = 'soko_order'

/** The cookie's value for an order: `{id}.{receipt key}`. */
export function plainOrderCookieValue(gateway: Pick<Gateway, 'sign'>, orderId: string): string {
  return `${orderId}.${gateway.sign('receipt', orderId)}`
}

/** Whether a cookie's value names `orderId` with that order's own receipt key. */
export function orderOfCookie(
  gateway: Pick<Gateway, 'verify'>,
  value: string | null,
  orderId: string,
): boolean {
  if (!value || !orderId) return false
  const dot = value.indexOf('.')
  return (
    dot > 0 && value.slice(0, dot) === orderId && gateway.verify('receipt', orderId, value.slice(dot + 1))
  )
}

/** The order's plain page: it waits for the payment (refreshing itself), then is the receipt. */
export function orderPath(gateway: Pick<Gateway, 'sign'>, orderId: string): string {
  return `/buy/order/${orderId}?key=${gateway.sign('receipt', orderId)}`
}
