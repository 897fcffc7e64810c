import type { MiddlewareHandler } from 'hono'
import { CODE_COOKIE, DISCOUNT_CODE_PARAM, DISCOUNT_CODE_PATTERN } from '../../contract/discounts.constants'
import { RECOVERY_COOKIE, RECOVERY_PARAM, RECOVERY_TOKEN_PATTERN } from '../../contract/recovery-link'
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
    const params = new URL(c.req.url).searchParams
    const code = params.get(DISCOUNT_CODE_PARAM)?.trim()
    const recovery = params.get(RECOVERY_PARAM)?.trim()
    const keepCode = code && DISCOUNT_CODE_PATTERN.test(code)
    const keepRecovery = recovery && RECOVERY_TOKEN_PATTERN.test(recovery)
    if (!keepCode && !keepRecovery) return
    c.res = new Response(c.res.body, c.res)
    if (keepCode) c.res.headers.append('set-cookie', serverCookie(CODE_COOKIE, code, https, KEEP_SECONDS))
    // A checkout reminder's link: the checkout without script tells the seller it came back.
    if (keepRecovery)
      c.res.headers.append('set-cookie', serverCookie(RECOVERY_COOKIE, recovery, https, KEEP_SECONDS))
  }
}
