import { randomBytes } from 'node:crypto'
import { serverCookie } from '../../lib/session-cookie'
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

/**
 * The pay form's attempt id (a hidden field, new with each form) and the cookie that remembers which
 * order it made, for 15 minutes: the same form posted again (a reload that sends it again, a second tap)
 * is answered with that order, not a new one. The cookie carries the order's receipt key, so a cookie
 * written by hand opens no order its writer could not open already.
 */
export const ATTEMPT_FIELD = '_attempt'
export const ATTEMPT_COOKIE = 'soko_attempt'

export function attemptCookie(
  gateway: Pick<Gateway, 'sign'>,
  attempt: string,
  orderId: string,
  https: boolean,
): string {
  return serverCookie(ATTEMPT_COOKIE, `${attempt}.${plainOrderCookieValue(gateway, orderId)}`, https, 900)
}

/** The order an attempt made, when the cookie names this attempt with the order's own key; else null. */
export function attemptOrder(
  gateway: Pick<Gateway, 'verify'>,
  cookie: string | null,
  attempt: string,
): string | null {
  if (!cookie || !attempt || !/^[\w-]{8,64}$/.test(attempt)) return null
  const dot = cookie.indexOf('.')
  if (dot < 0 || cookie.slice(0, dot) !== attempt) return null
  const order = cookie.slice(dot + 1)
  const orderId = order.slice(0, Math.max(0, order.indexOf('.')))
  return orderOfCookie(gateway, order, orderId) ? orderId : null
}

/** A new attempt id for a pay form. */
export function newAttempt(): string {
  return randomBytes(12).toString('base64url')
}
