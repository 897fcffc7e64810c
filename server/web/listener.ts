import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { MAX_RPC_BODY_BYTES } from '../../contract/rpc'
import { translate } from '../lib/i18n'
import type { Logger } from '../lib/log'
import { callerLang, envelopeReply, type RpcCall, type RpcReply, tooLargeEnvelope } from '../rpc/dispatcher'
import { SERVER_ERROR } from './guards'
import { HSTS } from './security-headers'

/**
 * The server's request listener: RPC calls (`POST /`) are taken straight from Node's request and answered on
 * its response, everything else goes through the Hono app. A call is the app's most frequent request, and
 * turning each into a web Request and back costs more than the work of a simple subject; Hono's app still
 * answers calls made in process (`app.request`), through the same dispatcher.
 */
export function requestListener(app: {
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>
  rpcOverNode: (req: IncomingMessage, res: ServerResponse) => void
}): RequestListener {
  const web = getRequestListener((request, env) => app.fetch(request, env))
  return (req, res) => {
    if (req.method === 'POST' && (req.url === '/' || req.url?.startsWith('/?'))) app.rpcOverNode(req, res)
    else void web(req, res)
  }
}

/** A request id as the app's middleware keeps one: the caller's, when it is a sane one, or a new one. */
export function requestIdOf(incoming: string | undefined, newRequestId: () => string): string {
  return incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : newRequestId()
}

/**
 * Answers RPC calls on Node's own request and response, with the headers every answer of the app carries
 * (no MIME sniffing, HSTS on https, the request id). The body is held to MAX_RPC_BODY_BYTES: by its
 * Content-Length before it is read, or counted as it comes when sent in chunks.
 */
export function rpcOverNode(opts: {
  dispatch: (call: RpcCall) => Promise<RpcReply>
  newRequestId: () => string
  https: boolean
  log: Logger
}) {
  const { dispatch, newRequestId, https, log } = opts
  return (req: IncomingMessage, res: ServerResponse) => {
    const header = (name: string) => {
      const value = req.headers[name]
      return Array.isArray(value) ? value.join(', ') : value
    }
    const requestId = requestIdOf(header('x-request-id'), newRequestId)
    const start = performance.now()
    const send = (reply: RpcReply, close = false) => {
      const body = typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body
      res.writeHead(reply.status, {
        ...reply.headers,
        'content-length': String(body.byteLength),
        'x-content-type-options': 'nosniff',
        'x-request-id': requestId,
        ...(https ? { 'strict-transport-security': HSTS } : {}),
        ...(close ? { connection: 'close' } : {}),
      })
      res.end(body)
      log.debug('request', {
        requestId,
        method: 'POST',
        path: '/',
        status: reply.status,
        ms: Math.round(performance.now() - start),
      })
    }
    const tooLarge = () =>
      send(envelopeReply(tooLargeEnvelope(requestId), header('accept-encoding') ?? ''), true)
    const length = header('content-length')
    const chunked = header('transfer-encoding') !== undefined
    if (!chunked && length !== undefined && (!/^\d+$/.test(length) || Number(length) > MAX_RPC_BODY_BYTES)) {
      tooLarge()
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    let refused = false
    req.on('data', (chunk: Buffer) => {
      if (refused) return
      size += chunk.byteLength
      if (size > MAX_RPC_BODY_BYTES) {
        refused = true
        tooLarge()
        req.resume()
        return
      }
      chunks.push(chunk)
    })
    req.on('error', () => {})
    req.on('end', () => {
      if (refused) return
      let controller: AbortController | undefined
      const text = Buffer.concat(chunks, size).toString('utf8')
      dispatch({
        requestId,
        text: () => Promise.resolve(text),
        header,
        remoteAddress: () => req.socket.remoteAddress,
        signal: () => {
          if (!controller) {
            const made = new AbortController()
            controller = made
            if (req.socket.destroyed) made.abort()
            else
              res.once('close', () => {
                if (!res.writableFinished) made.abort()
              })
          }
          return controller.signal
        },
      }).then(
        (reply) => send(reply),
        (error: unknown) => {
          log.error('unhandled error', { requestId, path: '/', error })
          send({
            status: 500,
            headers: { 'content-type': 'text/plain; charset=utf-8' },
            body: translate(callerLang(header('content-language'), header('accept-language')), SERVER_ERROR, {
              requestId,
            }),
          })
        },
      )
    })
  }
}
