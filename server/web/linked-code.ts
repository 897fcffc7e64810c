import type { MiddlewareHandler } from 'hono'
import { CODE_COOKIE, DISCOUNT_CODE_PARAM, DISCOUNT_CODE_PATTERN } from '../../contract/discounts.constants'
import { serverCookie } from '../lib/session-cookie'

/** How long a shared link's code is kept for a browser without script. */
const KEEP_SECONDS = 86_400

/**
 * A page opened from a shared link (`/wanjiru?code=NAIROBI20`) keeps the code in a cookie, so the
 * checkout without script (`/buy/{slug}`) applies it however the buyer got to the product. The page itself
 * is unchanged (and stays cacheable); the app with script keeps the code for the tab on its own.
 */
export function keepLinkedCode(https: boolean): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.req.method !== 'GET') return
    const code = new URL(c.req.url).searchParams.get(DISCOUNT_CODE_PARAM)?.trim()
    if (!code || !DISCOUNT_CODE_PATTERN.test(code)) return
    c.res = new Response(c.res.body, c.res)
    c.res.headers.append('set-cookie', serverCookie(CODE_COOKIE, code, https, KEEP_SECONDS))
  }
}
