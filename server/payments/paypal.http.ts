import { clock } from '../lib/clock'
import { type Fetch, PaymentProviderError } from './payments'

/**
 * How the PayPal adapters reach PayPal: one OAuth token shared by every call (renewed before it dies, and
 * once more if PayPal forgets it), one request helper, and PayPal's error bodies turned into
 * PaymentProviderErrors. Checkout (paypal.adapter.ts) and payouts (paypal-payouts.adapter.ts) both speak
 * through it, so they share a token.
 */

export interface PaypalHttpOptions {
  /** https://api-m.paypal.com, https://api-m.sandbox.paypal.com, or this server's /sandbox/paypal. */
  baseUrl: string
  clientId: string
  clientSecret: string
  fetch?: Fetch
}

/** A PayPal answer: its status, its parsed JSON body (null when there is none) and, for the log, the call. */
export interface ApiAnswer {
  ok: boolean
  status: number
  body: unknown
  /** Method and path, for the log. */
  path: string
}

/** PayPal's error body: `name`, `details[].issue` and `debug_id` are what its support asks for. */
export interface PaypalError {
  name?: string
  message?: string
  debug_id?: string
  details?: { issue?: string; description?: string; link?: { href?: string; rel?: string }[] }[]
  links?: { href?: string; rel?: string }[]
  error?: string
  error_description?: string
}

export const UNAVAILABLE = 'PayPal is not answering right now: try again in a minute or pay another way'
const TIMEOUT_MS = 30_000

export class PaypalHttp {
  private readonly baseUrl: string
  private readonly fetch: Fetch
  private token: { value: string; expiresAt: number } | null = null
  /** One token request at a time: concurrent payments share it rather than each asking PayPal. */
  private tokenRequest: Promise<string> | null = null

  constructor(private readonly options: PaypalHttpOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '')
    this.fetch = options.fetch ?? fetch
  }

  /**
   * One authorised call. Answers PayPal's 2xx and 4xx (each caller says what a refusal means); throws for
   * what nobody can act on: no answer, 5xx, 429, or credentials PayPal refuses.
   */
  async call(
    method: 'GET' | 'POST',
    path: string,
    opts: { body?: unknown; raw?: boolean; requestId?: string } = {},
  ): Promise<ApiAnswer> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken()
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        prefer: 'return=representation',
      }
      if (opts.requestId) headers['paypal-request-id'] = opts.requestId
      if (opts.body !== undefined) headers['content-type'] = 'application/json'
      const res = await this.send(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: opts.body === undefined ? undefined : opts.raw ? String(opts.body) : JSON.stringify(opts.body),
      })
      // A token PayPal no longer takes (revoked, or expired early): forget it and ask for a new one, once.
      if (res.status === 401 && attempt === 0) {
        this.token = null
        continue
      }
      if (res.status === 401 || res.status === 403)
        throw fail(res, UNAVAILABLE, 'PayPal refused the access token: check PAYPAL_CLIENT_ID and its secret')
      if (res.status === 429 || res.status >= 500) throw fail(res, UNAVAILABLE, null, true)
      return res
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > clock.ms()) return this.token.value
    this.tokenRequest ??= this.requestToken().finally(() => {
      this.tokenRequest = null
    })
    return this.tokenRequest
  }

  private async requestToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64')
    const res = await this.send(`${this.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
    if (res.status === 401 || res.status === 403)
      throw fail(
        res,
        UNAVAILABLE,
        'PayPal refused the client id and secret: check PAYPAL_CLIENT_ID and its secret',
      )
    if (!res.ok) throw fail(res, UNAVAILABLE, null, res.status === 429 || res.status >= 500)
    const { access_token, expires_in } = res.body as { access_token?: string; expires_in?: number }
    if (!access_token || typeof expires_in !== 'number') throw malformed('a token without its lifetime', res)
    // expires_in is in seconds. Renew a minute early (or at half-life for short tokens) so a request never
    // leaves with a token that dies on the way.
    const margin = Math.min(60, expires_in / 2)
    this.token = { value: access_token, expiresAt: clock.ms() + (expires_in - margin) * 1000 }
    return access_token
  }

  private async send(url: string, init: RequestInit): Promise<ApiAnswer> {
    let res: Response
    let text: string
    try {
      res = await this.fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
      text = await res.text()
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new PaymentProviderError(
        UNAVAILABLE,
        `PayPal ${init.method} ${pathOf(url)}: ${reason}`,
        null,
        true,
      )
    }
    let body: unknown = null
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      body = null
    }
    return { ok: res.ok, status: res.status, body, path: `${init.method} ${pathOf(url)}` }
  }
}

export function issueOf(body: unknown): string | null {
  return (body as PaypalError | null)?.details?.[0]?.issue ?? null
}

/** PayPal's name, issue and debug_id: what the log needs and PayPal's support asks for; never a secret. */
export function describe(res: ApiAnswer): string {
  const e = (res.body ?? {}) as PaypalError
  const parts = [`PayPal ${res.path} answered ${res.status}`, e.name ?? e.error, issueOf(e)]
  const text = e.details?.[0]?.description ?? e.message ?? e.error_description
  if (text) parts.push(`"${text.slice(0, 200)}"`)
  if (e.debug_id) parts.push(`debug_id=${e.debug_id}`)
  return parts.filter(Boolean).join(' ')
}

export function fail(res: ApiAnswer, message: string, note: string | null = null, retryable = false) {
  const detail = note ? `${describe(res)}: ${note}` : describe(res)
  return new PaymentProviderError(
    message,
    detail,
    issueOf(res.body) ?? (res.body as PaypalError)?.name ?? null,
    retryable,
  )
}

export function malformed(what: string, res: ApiAnswer | null) {
  return new PaymentProviderError(
    UNAVAILABLE,
    `PayPal${res ? ` ${res.path}` : ''} answered ${what}`,
    null,
    true,
  )
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname
  } catch {
    return url
  }
}
