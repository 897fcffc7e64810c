import { t } from '@lingui/core/macro'
import type { SubjectInput, SubjectName, SubjectOutput } from '../../contract'
import { DEVICE_HEADER } from '../../contract/device'
import { isQuery } from '../../contract/kinds'
import { type RpcEnvelope, SESSION_EXPIRED } from '../../contract/rpc'
import { deviceId, knownDeviceId } from './device'
import { currentLang, translateCode } from './i18n'
import { runtimeSettings } from './runtime'
import { clearSession, getSession } from './session'

/** docs/product.md (Calls): what a request that cannot change anything is retried once on. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504])
const RETRY_DELAY_MS = 400

/** A request that did not succeed: the server's message, and a message per field on 400. */
export class RpcError extends Error {
  override name = 'RpcError'
  constructor(
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    readonly requestId?: string,
    /** Seconds the server asked to wait before trying again (Retry-After), when it said. */
    readonly retryAfter: number | null = null,
    /** The server's code for the error, the same in every language. */
    readonly code?: string,
  ) {
    super(message)
  }
}

/** Retry-After in seconds; the HTTP-date form is not sent by Soko's server and counts as none. */
function retryAfterOf(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after') ?? '')
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null
}

/**
 * Where a person whose session ended goes: /login, and back to the page they were on once signed in again
 * (the same way back the route guard gives a signed-out visitor).
 */
export function loginAfterExpiry(): string {
  const here = `${location.pathname}${location.search}`
  return location.pathname === '/login' || here === '/'
    ? '/login'
    : `/login?redirect=${encodeURIComponent(here)}`
}

let onSessionExpired = async () => {
  await clearSession()
  location.assign(loginAfterExpiry())
}

/** main.tsx adds clearing the query cache to what a 600 does. */
export function setSessionExpiredHandler(handler: () => Promise<void>) {
  onSessionExpired = handler
}

/**
 * Whether a URL is on the storage host (signed upload and download URLs). The URL is made absolute first,
 * so `/files/…` on the embedded disk store counts as the storage host too.
 */
function onStorageHost(url: string): boolean {
  const { storageHost } = runtimeSettings()
  return Boolean(storageHost) && new URL(url, location.href).href.includes(storageHost)
}

/** The API gets the token; the storage host never does (docs/product.md (Calls)). */
export function withAuthorization(url: string, headers: Headers = new Headers()): Headers {
  const { token } = getSession()
  // i18n-ignore: an HTTP header's value, never shown
  if (token && !onStorageHost(url)) headers.set('Authorization', `Bearer ${token}`)
  return headers
}

export interface ApiFetchOptions extends RequestInit {
  /** Retry once on the statuses above. Only for requests that cannot change anything. */
  retry?: boolean
  /**
   * Wait for the device id (at most a second) rather than send the call without it while IndexedDB opens:
   * for what the checkout limits count. Reads go at once, so a page is never slower to load for it.
   */
  waitForDevice?: boolean
}

/**
 * fetch() for everything the app asks its server or storage: the Authorization header and the device id
 * (to the API only), one retry where it is safe, and a 600 ending the session. Resolves with the response
 * for any other status.
 */
export async function apiFetch(url: string, options: ApiFetchOptions = {}): Promise<Response> {
  const {
    retry = (options.method ?? 'GET').toUpperCase() === 'GET',
    waitForDevice = false,
    ...init
  } = options
  const device = onStorageHost(url) ? null : waitForDevice ? await deviceId() : knownDeviceId()
  const sentToken = getSession().token
  const send = () => {
    const headers = withAuthorization(url, new Headers(init.headers))
    if (device) headers.set(DEVICE_HEADER, device)
    return fetch(url, { ...init, headers })
  }
  let response: Response
  try {
    response = await send()
    if (retry && RETRY_STATUSES.has(response.status)) {
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS))
      response = await send()
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new RpcError(0, t`Soko cannot be reached. Check your connection, then try again.`)
  }
  if (response.status === SESSION_EXPIRED) await expire(sentToken)
  return response
}

/**
 * A 600 ends the session it was sent with. When that session has already gone (signed out, or another
 * account signed in while the call was on its way), the answer is only this call's error.
 */
async function expire(sentToken: string | null): Promise<never> {
  if (sentToken && sentToken === getSession().token) await onSessionExpired()
  throw new RpcError(SESSION_EXPIRED, t`Your session has ended. Sign in again.`)
}

/** Each field's message in the page's language, by its code. */
function translateFields(envelope: RpcEnvelope): Record<string, string> | undefined {
  if (!envelope.errors) return undefined
  return Object.fromEntries(
    Object.entries(envelope.errors).map(([field, english]) => [
      field,
      translateCode(envelope.fieldCodes?.[field], envelope.params, english),
    ]),
  )
}

/** Calls one subject: `POST {API_BASE}/ {subject, ...input}`. Rejects with an RpcError unless 200. */
export async function rpc<S extends SubjectName>(
  subject: S,
  input: SubjectInput<S>,
  init: { signal?: AbortSignal } = {},
): Promise<SubjectOutput<S>> {
  const sentToken = getSession().token
  const response = await apiFetch(`${runtimeSettings().apiBase}/`, {
    method: 'POST',
    // The person's language: what the server writes to them later (receipts, codes) follows it.
    headers: { 'Content-Type': 'application/json', 'Content-Language': currentLang() },
    body: JSON.stringify({ ...input, subject }),
    retry: isQuery(subject),
    waitForDevice: !isQuery(subject),
    signal: init.signal,
  })
  let envelope: RpcEnvelope<SubjectOutput<S>>
  try {
    envelope = (await response.json()) as RpcEnvelope<SubjectOutput<S>>
  } catch {
    const status = response.status
    throw new RpcError(response.status, t`The server answered ${status} without data. Try again shortly.`)
  }
  // docs/product.md (The session): a 600 in the body counts as much as one in the HTTP status.
  if (envelope.statusCode === SESSION_EXPIRED) await expire(sentToken)
  if (response.status !== 200 || envelope.statusCode !== 200 || envelope.data === null)
    throw new RpcError(
      envelope.statusCode || response.status,
      translateCode(envelope.code, envelope.params, envelope.message),
      translateFields(envelope),
      envelope.requestId,
      retryAfterOf(response),
      envelope.code,
    )
  return envelope.data
}
