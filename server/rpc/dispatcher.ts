import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { contract, isSubjectName, type SubjectName, type SubjectOutput } from '../../contract'
import { DEVICE_HEADER, deviceIdOf } from '../../contract/device'
import { FIELD, REQUEST } from '../../contract/errors/common'
import {
  isLang,
  type Lang,
  langFromAcceptLanguage,
  type Message,
  type MessageParams,
} from '../../contract/i18n'
import { MAX_RPC_BODY_BYTES, type RpcEnvelope, SESSION_EXPIRED } from '../../contract/rpc'
import { unstorableText } from '../../contract/text'
import { findCaller } from '../features/accounts'
import type { Caller } from '../lib/caller'
import { clientAddress } from '../lib/client-address'
import { AppError, type FieldMessage } from '../lib/errors'
import { english } from '../lib/i18n'
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../lib/json-depth'
import { fromOwnPages, sessionCookieOf } from '../lib/session-cookie'
import { fieldErrors } from '../lib/validation'
import type { Handler, RpcContext } from './context'
import { handlers } from './handlers'
import { keptAnswers } from './kept'

type BaseContext = Omit<RpcContext, 'caller' | 'requestId' | 'ip' | 'device' | 'userAgent' | 'lang'>

/** What a call brings, whichever way it came in (Hono's context, or Node's request in server/web/listener.ts). */
export interface RpcCall {
  requestId: string
  /** The body as text (read once; the caller has already held it to MAX_RPC_BODY_BYTES). */
  text(): Promise<string>
  header(name: string): string | undefined
  /** The connection's own address: the client's, unless a trusted proxy says otherwise. */
  remoteAddress(): string | undefined
  /** Aborted when the caller goes away before the answer. */
  signal(): AbortSignal
}

/** What to answer: status, headers and body (compressed already, when worth it). */
export interface RpcReply {
  status: number
  headers: Record<string, string>
  body: string | Uint8Array
}

/** The 413 answer's envelope: the listener sends it too, before any of this runs. */
export function tooLargeEnvelope(requestId: string): RpcEnvelope {
  return errorEnvelope(
    new AppError(413, REQUEST.tooLarge, { params: { size: `${MAX_RPC_BODY_BYTES / 1024 / 1024} MB` } }),
    requestId,
  )
}

/** An error's envelope: its English and code, the values of its placeholders and each field's English and code. */
export function errorEnvelope(error: AppError, requestId: string): RpcEnvelope {
  return {
    statusCode: error.status,
    message: error.message,
    code: error.code,
    ...(error.params ? { params: error.params } : {}),
    data: null,
    ...(error.errors ? { errors: error.errors } : {}),
    ...(error.fieldCodes ? { fieldCodes: error.fieldCodes } : {}),
    requestId,
  }
}

const tooLarge = (c: Context) => sendEnvelope(c, tooLargeEnvelope(c.get('requestId')))

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

/** What a call that outlives its deadline is told: a mutation may still complete. */
export const DEADLINE_MESSAGES = { query: REQUEST.slowQuery, mutation: REQUEST.slowMutation } as const

/**
 * POST / — `{subject, ...input}` in, `{statusCode, message, data}` out, HTTP status = statusCode.
 * Order: refuse a body nested too deep, parse, find the subject, check access, validate input, and only
 * then run the handler. A call not answered within the deadline is answered 503 (the work goes on).
 */
export function rpcDispatcher(base: BaseContext) {
  const deadlineMs = base.config.requestDeadlineMs
  return (call: RpcCall): Promise<RpcReply> => {
    let kind: keyof typeof DEADLINE_MESSAGES = 'mutation'
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<RpcReply>((resolve) => {
      timer = setTimeout(() => {
        base.log.warn('rpc call outlived its deadline', { requestId: call.requestId, kind, deadlineMs })
        resolve(
          envelopeReply(
            errorEnvelope(new AppError(503, DEADLINE_MESSAGES[kind]), call.requestId),
            call.header('accept-encoding') ?? '',
            { 'retry-after': '5' },
          ),
        )
      }, deadlineMs)
    })
    const work = dispatchCall(base, call, (k) => {
      kind = k
    })
    return Promise.race([work, late]).finally(() => clearTimeout(timer))
  }
}

async function dispatchCall(
  base: BaseContext,
  call: RpcCall,
  onSubject: (kind: keyof typeof DEADLINE_MESSAGES) => void,
): Promise<RpcReply> {
  const { requestId } = call
  const answer = (envelope: RpcEnvelope, headers?: Record<string, string>) =>
    envelopeReply(envelope, call.header('accept-encoding') ?? '', headers)
  const fail = (
    statusCode: number,
    message: Message,
    options: { params?: MessageParams; fields?: Record<string, FieldMessage> } = {},
  ) => answer(errorEnvelope(new AppError(statusCode, message, options), requestId))

  const text = await call.text()
  // Before anything walks it (the parser, the text check, a schema): linear in its length.
  if (nestsDeeperThan(text)) {
    const params = { depth: MAX_JSON_DEPTH }
    return fail(400, REQUEST.tooDeep, { params, fields: { _: { ...REQUEST.tooDeep, params } } })
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return fail(400, REQUEST.invalidJson)
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return fail(400, REQUEST.notObject, { fields: { subject: FIELD.required } })
  const { subject, ...input } = body as Record<string, unknown>
  if (typeof subject !== 'string' || subject === '')
    return fail(400, REQUEST.noSubject, { fields: { subject: FIELD.required } })
  if (!isSubjectName(subject))
    return fail(400, REQUEST.unknownSubject, {
      params: { subject },
      fields: { subject: FIELD.unknownSubject },
    })
  onSubject(contract[subject].kind)

  let caller: Caller | null = null
  try {
    caller = await callerOf(base, call.header.bind(call))
  } catch (error) {
    return internalError(answer, base, requestId, error)
  }
  try {
    const result = await runSubject(base, subject, input, caller, {
      requestId,
      ip: clientAddress(call.header('x-forwarded-for'), call.remoteAddress(), base.config.trustProxy),
      device: deviceIdOf(call.header(DEVICE_HEADER)),
      userAgent: call.header('user-agent')?.slice(0, 300) ?? null,
      lang: callerLang(call.header('content-language'), call.header('accept-language')),
      signal: () => call.signal(),
    })
    if (!result.ok)
      return answer(
        errorEnvelope(result.error, requestId),
        result.error.retryAfter ? { 'retry-after': String(result.error.retryAfter) } : undefined,
      )
    return answer({ statusCode: 200, message: 'OK', data: result.data })
  } catch (error) {
    return internalError(answer, base, requestId, error)
  }
}

/** Who is asking and how, whichever way the call came in: an RPC, or a page's form posted without script. */
export interface CallMeta {
  requestId: string
  ip: string
  device: string | null
  userAgent: string | null
  lang: Lang
  signal?: () => AbortSignal
}

export type SubjectResult<S extends SubjectName = SubjectName> =
  | { ok: true; data: SubjectOutput<S> }
  | { ok: false; error: AppError }

/**
 * One subject run for a caller: its access checked, its input held to the contract's schema, then its
 * handler. The RPC and the forms that work without script both come through here, so a checkout started
 * either way meets the same checks, limits and messages. A refusal is returned; anything else is thrown.
 */
export async function runSubject<S extends SubjectName>(
  base: BaseContext,
  subject: S,
  input: Record<string, unknown>,
  caller: Caller | null,
  meta: CallMeta,
): Promise<SubjectResult<S>> {
  const refuse = (
    statusCode: number,
    message: Message,
    options: { params?: MessageParams; fields?: Record<string, FieldMessage> } = {},
  ) => ({ ok: false as const, error: new AppError(statusCode, message, options) })
  const def = contract[subject]
  if (def.access !== 'public') {
    if (!caller) return refuse(SESSION_EXPIRED, REQUEST.sessionEnded)
    const roles = caller.user.roles
    // Admins too: seller subjects act on the caller's own storefront, which an admin may not have.
    if (def.access === 'seller' && !roles.includes('seller')) return refuse(403, REQUEST.sellersOnly)
    if (def.access === 'admin' && !roles.includes('admin')) return refuse(403, REQUEST.adminsOnly)
  }
  // Before the schema: no field of any subject takes text that cannot be stored.
  const unstorable = unstorableText(input)
  if (Object.keys(unstorable).length > 0) return refuse(400, REQUEST.fields, { fields: unstorable })
  const parsed = def.input.safeParse(input)
  if (!parsed.success)
    return refuse(400, REQUEST.fields, { fields: fieldErrors(parsed.error.issues, subject) })
  try {
    const handler = handlers[subject] as Handler<S>
    const { signal, ...who } = meta
    const data = await handler(
      parsed.data as never,
      {
        ...base,
        ...who,
        caller: caller as never,
        // Made only when a handler asks: on Hono, the full Request behind it is costly to build.
        get signal() {
          return signal?.()
        },
      } as never,
    )
    return { ok: true, data: data as SubjectOutput<S> }
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error }
    throw error
  }
}

/**
 * The caller: the Bearer token the app sends, else the session cookie a form sign-in set — taken only
 * from a request of this site's own pages (its Origin, or the browser's Sec-Fetch-Site), so another site
 * cannot make a signed-in browser call Soko.
 */
export async function callerOf(
  base: Pick<BaseContext, 'db' | 'config'>,
  header: (name: string) => string | undefined,
): Promise<Caller | null> {
  const token =
    bearerToken(header('authorization')) ??
    (fromOwnPages(header, base.config.publicUrl) ? sessionCookieOf(header('cookie')) : null)
  return token ? findCaller(base.db, token) : null
}

/** The dispatcher as a Hono handler (tests call the app in process; the server takes POST / itself). */
export function rpcHandler(dispatch: ReturnType<typeof rpcDispatcher>) {
  return async (c: Context) => {
    const reply = await dispatch({
      requestId: c.get('requestId'),
      text: () => c.req.text(),
      header: (name) => c.req.header(name),
      remoteAddress: () => {
        try {
          return getConnInfo(c).remote.address
        } catch {
          return undefined
        }
      },
      signal: () => c.req.raw.signal,
    })
    // A status of 600 is outside the Fetch spec's range: @hono/node-server writes it to the socket as is.
    return c.body(reply.body as never, reply.status as never, reply.headers)
  }
}

function internalError(
  answer: (envelope: RpcEnvelope) => RpcReply,
  base: BaseContext,
  requestId: string,
  error: unknown,
) {
  base.log.error('rpc handler failed', { requestId, error })
  return answer({
    statusCode: 500,
    message: english(REQUEST.internal, { requestId }),
    code: REQUEST.internal.id,
    params: { requestId },
    data: null,
    requestId,
  })
}

/** The app names the person's language (Content-Language); another client, by its Accept-Language. */
export function callerLang(contentLanguage: string | undefined, acceptLanguage: string | undefined): Lang {
  const named = contentLanguage?.trim().slice(0, 2).toLowerCase()
  return isLang(named) ? named : langFromAcceptLanguage(acceptLanguage)
}

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i)
  return match?.[1] ?? null
}

/** Compress answers worth compressing: most Soko users are on slow mobile links. */
const COMPRESS_MIN_BYTES = 1024

export function sendEnvelope(c: Context, envelope: RpcEnvelope) {
  const reply = envelopeReply(envelope, c.req.header('accept-encoding') ?? '')
  return c.body(reply.body as never, reply.status as never, reply.headers)
}

/** An envelope as an answer: JSON (a kept answer's own bytes), compressed as the caller accepts when worth it. */
export function envelopeReply(
  envelope: RpcEnvelope,
  acceptEncoding: string,
  extraHeaders?: Record<string, string>,
): RpcReply {
  const kept =
    envelope.statusCode === 200 && typeof envelope.data === 'object' && envelope.data !== null
      ? keptAnswers.get(envelope.data)
      : undefined
  const json = kept?.json ?? JSON.stringify(envelope)
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    vary: 'Accept-Encoding',
    ...extraHeaders,
  }
  let body: string | Uint8Array = json
  if (json.length >= COMPRESS_MIN_BYTES) {
    if (/\bbr\b/.test(acceptEncoding)) {
      const br = kept?.br ?? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      if (kept) kept.br = br
      body = br
      headers['content-encoding'] = 'br'
    } else if (/\bgzip\b/.test(acceptEncoding)) {
      const gzip = kept?.gzip ?? gzipSync(json, { level: 6 })
      if (kept) kept.gzip = gzip
      body = gzip
      headers['content-encoding'] = 'gzip'
    }
  }
  return { status: envelope.statusCode, headers, body }
}
