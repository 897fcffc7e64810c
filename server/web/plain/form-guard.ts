import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { cookieOf, FORM_COOKIE, SESSION_COOKIE, serverCookie } from '../../lib/session-cookie'
import type { Gateway } from '../../payments/gateway'

/**
 * Forms posted without script are checked as another site's post could not pass: the browser's Origin
 * must be this site's; where a browser sends none (some proxy browsers, older phones), the form must carry
 * the token this browser's pages gave it, signed over its session or, signed out, over a random cookie of
 * its own. A post naming another origin is refused whatever it carries.
 */

/** The token a page's forms carry, and the cookie to set when this browser has nothing to sign over yet. */
export function formTokenFor(
  gateway: Pick<Gateway, 'sign'>,
  cookieHeader: string | undefined,
  https: boolean,
): { token: string; setCookie: string | null } {
  const base = cookieOf(cookieHeader, SESSION_COOKIE) ?? cookieOf(cookieHeader, FORM_COOKIE)
  if (base) return { token: gateway.sign('form', base), setCookie: null }
  const fresh = randomBytes(18).toString('base64url')
  return { token: gateway.sign('form', fresh), setCookie: serverCookie(FORM_COOKIE, fresh, https) }
}

/** Whether a form post may be acted on: from this site's pages, by its Origin or by its token. */
export function formPostAllowed(
  c: Context,
  gateway: Pick<Gateway, 'verify'>,
  publicUrl: string,
  token: string | undefined,
): boolean {
  const origin = c.req.header('origin')
  if (origin !== undefined && origin !== 'null') return origin === new URL(publicUrl).origin
  if (c.req.header('sec-fetch-site') === 'cross-site') return false
  const cookies = c.req.header('cookie')
  const bases = [cookieOf(cookies, SESSION_COOKIE), cookieOf(cookies, FORM_COOKIE)]
  return Boolean(token) && bases.some((base) => base !== null && gateway.verify('form', base, token ?? ''))
}
