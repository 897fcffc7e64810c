import { getConnInfo } from '@hono/node-server/conninfo'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { API_ENDPOINTS, type ApiEndpoint, accessOf } from '../../contract/api'
import { API_KEY_REQUESTS_PER_MINUTE, scopeAllows } from '../../contract/developers.constants'
import { REQUEST } from '../../contract/errors/common'
import { API } from '../../contract/errors/developers'
import type { Lang, Message, MessageParams } from '../../contract/i18n'
import { MAX_RPC_BODY_BYTES } from '../../contract/rpc'
import { findKeyCaller, type KeyCaller, recordActivity } from '../features/developers'
import { clientAddress } from '../lib/client-address'
import { AppError } from '../lib/errors'
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../lib/json-depth'
import { enforceRateLimit } from '../lib/rate-limit'
import { callerLang, runSubject } from '../rpc/dispatcher'
import type { AppServices } from '../services'
import { type ApiAnswer, dataOf, refusal, subjectRefusal, targetOf } from './answers'
import { claimKey, IDEMPOTENCY_KEY, requestHash, settleKey } from './idempotency'
import { openApiDocument } from './openapi'
import { readInput } from './request'

type ApiEnv = { Variables: { requestId: string } }

/** Each endpoint's path as a pattern, made once: which methods a path takes, for a 405. */
const ROUTES = API_ENDPOINTS.map((e) => ({
  method: e.method.toUpperCase(),
  pattern: new RegExp(`^${e.path.replace(/\{\w+\}/g, '[^/]+')}$`),
}))

/** `/products/{id}` as Hono writes it: `/products/:id`. */
const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1')

/**
 * /api/v1: each endpoint of the table (contract/api.ts) runs its subject for the seller whose key is sent,
 * through the same entry as the app's calls (runSubject): the same checks, limits and messages. Around it:
 * the key, its rate, its scope, and for a POST its Idempotency-Key; after it, the seller's activity.
 */
export function apiRoutes(services: AppServices) {
  const api = new Hono<ApiEnv>()
  const { config, log } = services
  const langOf = (c: Context<ApiEnv>): Lang => callerLang(undefined, c.req.header('accept-language'))
  const send = (c: Context<ApiEnv>, answer: ApiAnswer) =>
    c.json(answer.body as object, answer.status as never, {
      'cache-control': 'no-store',
      ...answer.headers,
    })

  api.use(
    '*',
    bodyLimit({
      maxSize: MAX_RPC_BODY_BYTES,
      onError: (c) =>
        send(
          c,
          refusal(langOf(c), c.get('requestId'), 413, REQUEST.tooLarge, {
            size: `${MAX_RPC_BODY_BYTES / 1024 / 1024} MB`,
          }),
        ),
    }),
  )

  let document: object | null = null
  api.get('/openapi.json', (c) => {
    document ??= openApiDocument(config.publicUrl)
    return c.json(document, 200, { 'cache-control': 'public, max-age=300' })
  })

  for (const endpoint of API_ENDPOINTS)
    api.on(endpoint.method.toUpperCase(), honoPath(endpoint.path), async (c) => {
      const lang = langOf(c)
      const requestId = c.get('requestId')
      try {
        return send(c, await answer(c, endpoint, lang))
      } catch (error) {
        log.error('api request failed', { requestId, operation: endpoint.operationId, error })
        return send(c, refusal(lang, requestId, 500, REQUEST.internal, { requestId }))
      }
    })

  // Anything else under /api/v1: a path no endpoint has, or one that does not take this method.
  api.all('*', (c) => {
    const path = c.req.path.replace(/^\/api\/v1/, '') || '/'
    const allowed = ROUTES.filter((r) => r.pattern.test(path)).map((r) => r.method)
    const method = c.req.method
    if (allowed.length > 0)
      return send(
        c,
        refusal(
          langOf(c),
          c.get('requestId'),
          405,
          API.methodNotAllowed,
          { path, method, allowed: allowed.join(', ') },
          { allow: allowed.join(', ') },
        ),
      )
    return send(c, refusal(langOf(c), c.get('requestId'), 404, API.notFound, { method, path }))
  })

  async function answer(c: Context<ApiEnv>, endpoint: ApiEndpoint, lang: Lang): Promise<ApiAnswer> {
    const requestId = c.get('requestId')
    const refuse = (
      status: number,
      message: Message,
      params?: MessageParams,
      headers?: Record<string, string>,
    ) => refusal(lang, requestId, status, message, params, headers)

    const secret = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1]
    // i18n-ignore: the HTTP challenge's scheme and realm, which clients read
    const challenge = { 'www-authenticate': 'Bearer realm="Soko API"' }
    if (!secret) return refuse(401, API.noKey, undefined, challenge)
    const caller = await findKeyCaller(services.db, secret)
    if (!caller) return refuse(401, API.badKey, undefined, challenge)

    try {
      await enforceRateLimit(services.db, [
        {
          key: `api:key:${caller.key.id}`,
          limit: { max: API_KEY_REQUESTS_PER_MINUTE, windowSeconds: 60 },
          refusal: API.tooManyRequests,
        },
      ])
    } catch (error) {
      if (error instanceof AppError) return subjectRefusal(lang, requestId, endpoint, error)
      throw error
    }

    const access = accessOf(endpoint)
    if (!scopeAllows(caller.key.scopes, endpoint.area, access))
      return refuse(403, API.missingScope, { scope: `${endpoint.area}:${access}` })

    const text = access === 'write' ? await c.req.text() : ''
    if (nestsDeeperThan(text)) return refuse(400, REQUEST.tooDeep, { depth: MAX_JSON_DEPTH })

    if (endpoint.method !== 'post') return run(c, endpoint, caller, lang, text)
    const key = c.req.header('idempotency-key')
    if (key === undefined) return refuse(400, API.noIdempotencyKey)
    if (!IDEMPOTENCY_KEY.test(key)) return refuse(400, API.badIdempotencyKey)
    const claim = await claimKey(services.db, caller.key.id, key, requestHash('POST', c.req.path, text))
    if (claim.kind === 'reused') return refuse(422, API.idempotencyKeyReused)
    if (claim.kind === 'running')
      return refuse(409, API.idempotencyInProgress, undefined, { 'retry-after': '2' })
    if (claim.kind === 'replay')
      return { status: claim.status, body: claim.body, headers: { 'idempotent-replayed': 'true' } }
    let result: ApiAnswer = { status: 500, body: null }
    try {
      result = await run(c, endpoint, caller, lang, text)
      return result
    } finally {
      await settleKey(services.db, caller.key.id, key, result.status, result.body)
    }
  }

  /** Runs the endpoint's subject, and notes a write in the seller's activity. */
  async function run(
    c: Context<ApiEnv>,
    endpoint: ApiEndpoint,
    caller: KeyCaller,
    lang: Lang,
    text: string,
  ): Promise<ApiAnswer> {
    const requestId = c.get('requestId')
    const ip = clientAddress(c.req.header('x-forwarded-for'), remoteAddress(c), config.trustProxy)
    const params = c.req.param() as Record<string, string>
    const input = readInput(endpoint, params, c.req.queries(), text)
    let result: ApiAnswer
    if (!input.ok) result = subjectRefusal(lang, requestId, endpoint, input.error)
    else {
      const ran = await runSubject(services, endpoint.subject, input.value, caller, {
        requestId,
        ip,
        device: null,
        userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
        lang,
        signal: () => c.req.raw.signal,
      })
      result = ran.ok
        ? {
            status: endpoint.method === 'post' && !endpoint.path.includes('{') ? 201 : 200,
            body: dataOf(endpoint, ran.data as Record<string, unknown>),
          }
        : subjectRefusal(lang, requestId, endpoint, ran.error)
    }
    if (accessOf(endpoint) === 'write') {
      const error = (result.body as { error?: { code: string } } | null)?.error
      await recordActivity(services.db, {
        sellerId: caller.user.id,
        keyId: caller.key.id,
        operation: endpoint.operationId,
        method: endpoint.method.toUpperCase(),
        path: c.req.path.slice(0, 300),
        status: result.status,
        targetId: targetOf(result.body, params),
        errorCode: error?.code ?? null,
        ip,
      }).catch((failure: unknown) =>
        log.error('api activity not recorded', {
          requestId,
          operation: endpoint.operationId,
          error: failure,
        }),
      )
    }
    return result
  }

  return api
}

function remoteAddress(c: Context) {
  try {
    return getConnInfo(c).remote.address
  } catch {
    return undefined
  }
}
