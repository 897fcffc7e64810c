import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { checkTarget, type GuardPolicy, RefusedAddress, type ResolvedAddress } from './address-guard'

/** What one delivery attempt came to: an answer (any status), or no answer and why. */
export type PostResult =
  | { kind: 'answered'; status: number; body: string; url: string }
  | { kind: 'timeout' | 'refused' | 'error'; error: string; url: string }

/** Redirects followed at most; each is checked by the guard like the first address. */
export const MAX_REDIRECTS = 3
/** How much of an answer's body is kept for the seller's delivery log. */
export const KEPT_BODY_BYTES = 2048

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/**
 * Posts a body to an address through the guard, following up to three redirects (the same POST again,
 * each new address checked first). The whole exchange, redirects included, has `timeoutMs`.
 */
export async function guardedPost(
  address: string,
  headers: Record<string, string>,
  body: string,
  opts: GuardPolicy & { timeoutMs: number; signal?: AbortSignal | undefined },
): Promise<PostResult> {
  const deadline = performance.now() + opts.timeoutMs
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return { kind: 'refused', error: 'not an address', url: address }
  }
  for (let hop = 0; ; hop++) {
    let target: ResolvedAddress
    try {
      target = await checkTarget(url, opts)
    } catch (error) {
      if (error instanceof RefusedAddress)
        return { kind: 'refused', error: `refused: ${error.message}`, url: url.href }
      throw error
    }
    const left = deadline - performance.now()
    if (left <= 0) return { kind: 'timeout', error: `no answer in ${opts.timeoutMs} ms`, url: url.href }
    const answer = await send(url, target, headers, body, left, opts.signal)
    if (answer.kind !== 'answered') {
      if (answer.kind === 'timeout')
        return { kind: 'timeout', error: `no answer in ${opts.timeoutMs} ms`, url: url.href }
      return { ...answer, url: url.href }
    }
    if (!REDIRECTS.has(answer.status) || !answer.location) return { ...answer, url: url.href }
    if (hop >= MAX_REDIRECTS)
      return { kind: 'error', error: `more than ${MAX_REDIRECTS} redirects`, url: url.href }
    try {
      url = new URL(answer.location, url)
    } catch {
      return { kind: 'error', error: 'a redirect to something that is not an address', url: url.href }
    }
  }
}

type Sent =
  | { kind: 'answered'; status: number; body: string; location: string | null }
  | { kind: 'timeout' | 'error'; error: string }

/** One POST to the checked address: the connection goes there whatever the name would resolve to now. */
function send(
  url: URL,
  target: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<Sent> {
  // Called by the socket instead of the system's resolver (never for an address written as an IP).
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [target])
    else callback(null, target.address, target.family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise<Sent>((resolve) => {
    let settled = false
    const finish = (result: Sent) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      resolve(result)
    }
    const request = client.request(
      {
        method: 'POST',
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinned,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = []
        let kept = 0
        const done = () =>
          finish({
            kind: 'answered',
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            location: typeof response.headers.location === 'string' ? response.headers.location : null,
          })
        response.on('data', (chunk: Buffer) => {
          if (kept < KEPT_BODY_BYTES) {
            chunks.push(chunk.subarray(0, KEPT_BODY_BYTES - kept))
            kept += chunk.length
          }
          // Enough is kept: the rest is not waited for.
          if (kept >= KEPT_BODY_BYTES) {
            done()
            response.destroy()
          }
        })
        response.on('end', done)
        response.on('error', done)
      },
    )
    const timer = setTimeout(() => {
      finish({ kind: 'timeout', error: 'timeout' })
      request.destroy()
    }, timeoutMs)
    const onAbort = () => {
      finish({ kind: 'error', error: 'stopped: the server is stopping' })
      request.destroy()
    }
    signal?.addEventListener('abort', onAbort)
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ kind: 'error', error: error.code ? `${error.code}: ${error.message}` : error.message }),
    )
    request.end(body)
  })
}
