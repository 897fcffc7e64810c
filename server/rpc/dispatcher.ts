import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { contract, isSubjectName, type SubjectName } from '../../contract'
import { MAX_RPC_BODY_BYTES, type RpcEnvelope, SESSION_EXPIRED } from '../../contract/rpc'
import { unstorableText } from '../../contract/text'
import { type Caller, findCaller } from '../features/accounts/sessions'
import { AppError } from '../lib/errors'
import { fieldErrors } from '../lib/validation'
import type { Handler, RpcContext } from './context'
import { handlers } from './handlers'
import { keptAnswers } from './kept'

type BaseContext = Omit<RpcContext, 'caller' | 'requestId' | 'ip' | 'userAgent'>

const tooLarge = (c: Context) =>
  sendEnvelope(c, {
    statusCode: 413,
    message: `The request is larger than ${MAX_RPC_BODY_BYTES / 1024 / 1024} MB: send less at once`,
    data: null,
    requestId: c.get('requestId'),
  })

/** Counts a body sent in chunks as it arrives; it goes through a web stream, so only for those. */
const countingLimit = bodyLimit({ maxSize: MAX_RPC_BODY_BYTES, onError: tooLarge })

/**
 * Hono middleware that answers 413 before reading a body over 1 MB. A body with a length (what browsers
 * send) is judged by it, and Node's parser holds the body to that length; only a chunked body is counted.
 */
export const rpcBodyLimit: MiddlewareHandler = (c, next) => {
  const length = c.req.header('content-length')
  if (length === undefined || c.req.header('transfer-encoding') !== undefined) return countingLimit(c, next)
  if (!/^\d+$/.test(length) || Number(length) > MAX_RPC_BODY_BYTES) return Promise.resolve(tooLarge(c))
  return next()
}

/**
 * POST / — `{subject, ...input}` in, `{statusCode, message, data}` out, HTTP status = statusCode.
 * Order: parse, find the subject, check access, validate input, and only then run the handler.
 */
export function rpcHandler(base: BaseContext) {
  return async (c: Context) => {
    const requestId: string = c.get('requestId')
    const fail = (statusCode: number, message: string, errors?: Record<string, string>) =>
      sendEnvelope(c, { statusCode, message, data: null, ...(errors ? { errors } : {}), requestId })

    let body: unknown
    try {
      body = JSON.parse(await c.req.text())
    } catch {
      return fail(
        400,
        'The request body is not valid JSON: send {"subject": "…", …} with content-type application/json',
      )
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return fail(400, 'Send a JSON object such as {"subject": "getSettings"}', { subject: 'Required' })
    const { subject, ...input } = body as Record<string, unknown>
    if (typeof subject !== 'string' || subject === '')
      return fail(400, 'Say which subject to call: {"subject": "getSettings"}', { subject: 'Required' })
    if (!isSubjectName(subject))
      return fail(400, `Unknown subject: ${subject}`, { subject: 'Unknown subject' })
    const def = contract[subject]

    let caller: Caller | null = null
    const token = bearerToken(c.req.header('authorization'))
    try {
      if (token) caller = await findCaller(base.db, token)
    } catch (error) {
      return internalError(c, base, requestId, error)
    }
    if (def.access !== 'public') {
      if (!caller) return fail(SESSION_EXPIRED, 'Your session has ended: sign in again to continue')
      const roles = caller.user.roles
      // Admins too: seller subjects act on the caller's own storefront, which an admin may not have.
      if (def.access === 'seller' && !roles.includes('seller'))
        return fail(403, 'Only sellers can do this: set up your storefront at /register first')
      if (def.access === 'admin' && !roles.includes('admin')) return fail(403, 'Only Soko admins can do this')
    }

    // Before the schema: no field of any subject takes text that cannot be stored.
    const unstorable = unstorableText(input)
    if (Object.keys(unstorable).length > 0)
      return fail(400, 'Some fields need attention: see errors', unstorable)
    const parsed = def.input.safeParse(input)
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues, subject)
      return fail(400, 'Some fields need attention: see errors', errors)
    }

    try {
      const handler = handlers[subject] as Handler<SubjectName>
      const data = await handler(parsed.data as never, {
        ...base,
        caller,
        requestId,
        ip: clientIp(c, base.config.trustProxy),
        userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
        // Made only when a handler asks: the full Request behind it is costly to build on every call.
        get signal() {
          return c.req.raw.signal
        },
      })
      return sendEnvelope(c, { statusCode: 200, message: 'OK', data })
    } catch (error) {
      if (error instanceof AppError) {
        if (error.retryAfter) c.header('retry-after', String(error.retryAfter))
        return fail(error.status, error.message, error.errors)
      }
      return internalError(c, base, requestId, error)
    }
  }
}

function internalError(c: Context, base: BaseContext, requestId: string, error: unknown) {
  base.log.error('rpc handler failed', { requestId, error })
  return sendEnvelope(c, {
    statusCode: 500,
    message: `Something went wrong on our side. Please try again; if it keeps happening, quote request ${requestId}`,
    data: null,
    requestId,
  })
}

function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i)
  return match?.[1] ?? null
}

/** Compress answers worth compressing: most Soko users are on slow mobile links. */
const COMPRESS_MIN_BYTES = 1024

export function sendEnvelope(c: Context, envelope: RpcEnvelope) {
  const kept =
    envelope.statusCode === 200 && typeof envelope.data === 'object' && envelope.data !== null
      ? keptAnswers.get(envelope.data)
      : undefined
  const json = kept?.json ?? JSON.stringify(envelope)
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    vary: 'Accept-Encoding',
  }
  let payload: string | Uint8Array = json
  if (json.length >= COMPRESS_MIN_BYTES) {
    const accepts = c.req.header('accept-encoding') ?? ''
    if (/\bbr\b/.test(accepts)) {
      const br = kept?.br ?? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      if (kept) kept.br = br
      payload = br
      headers['content-encoding'] = 'br'
    } else if (/\bgzip\b/.test(accepts)) {
      const gzip = kept?.gzip ?? gzipSync(json, { level: 6 })
      if (kept) kept.gzip = gzip
      payload = gzip
      headers['content-encoding'] = 'gzip'
    }
  }
  // A status of 600 is outside the Fetch spec's range: @hono/node-server writes it to the socket as is.
  return c.body(payload as never, envelope.statusCode as never, headers)
}
