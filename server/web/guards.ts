import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { REQUEST } from '../../contract/errors/common'
import { MAX_RPC_BODY_BYTES } from '../../contract/rpc'
import { english, translate } from '../lib/i18n'
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../lib/json-depth'
import type { Logger } from '../lib/log'
import { contextLang } from './locale'

/** What a page or hook not answered in time gets, in the language of the one asking. */
export const LATE = /*i18n*/ {
  id: 'server.late',
  message: 'Soko is taking longer than it should to answer: try again in a moment.',
}
/** Its English. */
export const LATE_MESSAGE = LATE.message

/** A plain 404 to a person: an address of the server's own that names nothing. */
export const NOT_FOUND = /*i18n*/ { id: 'server.not-found', message: 'Not found' }

/** What a request that failed on Soko's side gets: the id to tell support. */
export const SERVER_ERROR = /*i18n*/ {
  id: 'server.error',
  message: 'Something went wrong on our side (request {requestId}).',
}

/**
 * Answers 503 when the rest of the app has not answered within `ms` (a database that stopped answering,
 * say), so no request hangs for ever; the work itself goes on. The deadline is for the answer to start:
 * a file streaming out is not cut, and `skip` leaves out paths that read long bodies (uploads).
 */
export function requestDeadline(opts: {
  ms: number
  log: Logger
  skip: (path: string, method: string) => boolean
}): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return async (c, next) => {
    if (opts.skip(c.req.path, c.req.method)) return next()
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), opts.ms)
    })
    try {
      const outcome = await Promise.race([next().then(() => 'done' as const), late])
      if (outcome === 'late') {
        opts.log.warn('request outlived its deadline', {
          requestId: c.get('requestId'),
          method: c.req.method,
          path: c.req.path,
          deadlineMs: opts.ms,
        })
        c.res = undefined
        c.res = c.text(translate(contextLang(c), LATE), 503, {
          'retry-after': '5',
          'cache-control': 'no-store',
        })
      }
    } finally {
      clearTimeout(timer)
    }
  }
}

/**
 * Provider callbacks and the sandboxes' APIs take JSON no larger than an RPC call (counted as it comes
 * when sent in chunks) and nested no deeper than MAX_JSON_DEPTH: refused before any handler parses or
 * walks them, in one pass over the bytes. The text read here is kept by Hono for the handler
 * (`c.req.text()`, `c.req.json()`).
 */
export const jsonBodyGuard: MiddlewareHandler[] = [
  bodyLimit({
    maxSize: MAX_RPC_BODY_BYTES,
    // The rest of the body is not read: the connection cannot carry another request.
    onError: (c) =>
      c.json({ message: REQUEST.bodyTooLarge.message, code: REQUEST.bodyTooLarge.id }, 413, {
        connection: 'close',
      }),
  }),
  async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    // Forms (Africa's Talking's reports, the sandbox phone's buttons) are flat by construction.
    const type = c.req.header('content-type') ?? ''
    if (/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return next()
    if (nestsDeeperThan(await c.req.text())) {
      const params = { depth: MAX_JSON_DEPTH }
      return c.json({ message: english(REQUEST.tooDeep, params), code: REQUEST.tooDeep.id, params }, 400)
    }
    return next()
  },
]
