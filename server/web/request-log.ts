import { randomBytes } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { Logger } from '../lib/log'
import { requestIdOf } from './listener'

/**
 * Gives each request its id (the caller's `X-Request-Id` when it is a sound one, else a new one), answers
 * with it, and logs the request at debug level with its status and time.
 */
export function requestLog(
  log: Logger,
  newRequestId: () => string,
): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return async (c, next) => {
    const requestId = requestIdOf(c.req.header('x-request-id'), newRequestId)
    c.set('requestId', requestId)
    // Set before the handler runs: changing headers afterwards makes Hono rebuild the Response, and a
    // Fetch Response cannot carry our session-expired status 600.
    c.header('x-request-id', requestId)
    const start = performance.now()
    await next()
    log.debug('request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - start),
    })
  }
}

/** Request ids: 6 random bytes each, drawn from a pool filled a thousand at a time rather than per request. */
export function requestIds(): () => string {
  let pool = Buffer.alloc(0)
  let at = 0
  return () => {
    if (at + 6 > pool.length) {
      pool = randomBytes(6 * 1024)
      at = 0
    }
    at += 6
    return pool.toString('hex', at - 6, at)
  }
}
