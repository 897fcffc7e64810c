import { type Fetch, type Money, PaymentProviderError } from './payments'
import { fromDecimal, isCurrencyCode, toDecimal } from './provider-money'

/**
 * PayPal's REST API (Orders v2, captures, refunds, webhook verification), spoken with fetch: PayPal's
 * server SDK cannot be pointed at another host, and the sandbox under /sandbox/paypal must be reachable by
 * changing `baseUrl` only.
 */

export interface PaypalAdapterOptions {
  /** https://api-m.paypal.com, https://api-m.sandbox.paypal.com, or this server's /sandbox/paypal. */
  baseUrl: string
  clientId: string
  clientSecret: string
  /** The webhook's id in PayPal's dashboard: its signatures are made with it. */
  webhookId: string
  fetch?: Fetch
}

export interface PaypalOrderRequest {
  /** Soko's order reference, shown to the buyer by PayPal. */
  reference: string
  /** Soko's order id: comes back as `custom_id` on the order, its capture and webhooks. */
  orderId: string
  amount: Money
  description: string
  returnUrl: string
  cancelUrl: string
  /** PayPal-Request-Id: the same id makes the same order, so a retried request cannot make two. */
  requestId: string
}

export type PaypalCaptureResult =
  | { status: 'COMPLETED'; captureId: string; amount: Money; payerEmail: string | null }
  | { status: 'DECLINED' | 'PENDING' | 'NOT_APPROVED'; detail: string }

export interface PaypalOrder {
  id: string
  /** CREATED, PAYER_ACTION_REQUIRED, APPROVED, COMPLETED or VOIDED. */
  status: string
  captureId: string | null
  amount: Money
  customId: string | null
}

export interface PaypalRefund {
  id: string
  status: 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED'
}

export interface PaypalWebhookEvent {
  id: string
  event_type: string
  resource: Record<string, unknown>
}

/** PayPal's error body: `name`, `details[].issue` and `debug_id` are what its support asks for. */
interface PaypalError {
  name?: string
  message?: string
  debug_id?: string
  details?: { issue?: string; description?: string }[]
  error?: string
  error_description?: string
}

interface RawAmount {
  currency_code?: string
  value?: string
}

interface RawCapture {
  id?: string
  status?: string
  amount?: RawAmount
  status_details?: { reason?: string }
}

interface RawOrder {
  id?: string
  status?: string
  purchase_units?: {
    amount?: RawAmount
    custom_id?: string
    payments?: { captures?: RawCapture[] }
  }[]
  payer?: { email_address?: string }
  payment_source?: { paypal?: { email_address?: string } }
  links?: { rel?: string; href?: string }[]
}

const UNAVAILABLE = 'PayPal is not answering right now: try again in a minute or pay another way'
const TIMEOUT_MS = 30_000

/** PayPal limits description and custom_id to 127 characters and refuses longer ones. */
const MAX_TEXT = 127

export class PaypalAdapter {
  private readonly baseUrl: string
  private readonly fetch: Fetch
  private token: { value: string; expiresAt: number } | null = null
  /** One token request at a time: concurrent payments share it rather than each asking PayPal. */
  private tokenRequest: Promise<string> | null = null

  constructor(private readonly options: PaypalAdapterOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '')
    this.fetch = options.fetch ?? fetch
  }

  async createOrder(req: PaypalOrderRequest): Promise<{ id: string; approveUrl: string }> {
    const res = await this.call('POST', '/v2/checkout/orders', {
      requestId: req.requestId,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: req.reference,
            custom_id: req.orderId,
            description: truncate(req.description, MAX_TEXT),
            amount: {
              currency_code: req.amount.currency,
              value: toDecimal(req.amount.amount, req.amount.currency),
            },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              user_action: 'PAY_NOW',
              return_url: req.returnUrl,
              cancel_url: req.cancelUrl,
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      },
    })
    if (!res.ok) {
      const issue = issueOf(res.body)
      if (issue === 'CURRENCY_NOT_SUPPORTED')
        throw fail(res, `PayPal does not take payments in ${req.amount.currency}: pay another way`)
      throw fail(res, 'PayPal could not start this payment: try again or pay another way')
    }
    const order = res.body as RawOrder
    const link =
      order.links?.find((l) => l.rel === 'payer-action') ?? order.links?.find((l) => l.rel === 'approve')
    if (!order.id || !link?.href) throw malformed('an order without an approval link', res)
    return { id: order.id, approveUrl: link.href }
  }

  async captureOrder(id: string, requestId: string): Promise<PaypalCaptureResult> {
    const res = await this.call('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {
      requestId,
    })
    if (res.ok) return captureResult(res.body as RawOrder, res)
    const issue = issueOf(res.body)
    if (res.status === 422) {
      // A retry after a lost answer, or the webhook and the buyer's return racing: the order tells.
      if (issue === 'ORDER_ALREADY_CAPTURED') return captureResult(await this.rawOrder(id), res)
      if (issue === 'ORDER_NOT_APPROVED' || issue === 'PAYER_ACTION_REQUIRED')
        return { status: 'NOT_APPROVED', detail: describe(res) }
      if (issue === 'INSTRUMENT_DECLINED' || issue === 'TRANSACTION_REFUSED')
        return { status: 'DECLINED', detail: describe(res) }
    }
    if (res.status === 404) throw fail(res, 'We cannot find this PayPal payment: start the payment again')
    throw fail(res, 'PayPal could not take this payment: try again or pay another way')
  }

  async getOrder(id: string): Promise<PaypalOrder> {
    const order = await this.rawOrder(id)
    const unit = order.purchase_units?.[0]
    if (!order.id || !order.status || !unit?.amount) throw malformed('an order without its amount', null)
    return {
      id: order.id,
      status: order.status,
      captureId: unit.payments?.captures?.[0]?.id ?? null,
      amount: money(unit.amount, null),
      customId: unit.custom_id ?? null,
    }
  }

  async refundCapture(captureId: string, amount: Money, requestId: string): Promise<PaypalRefund> {
    const res = await this.call('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
      requestId,
      body: { amount: { currency_code: amount.currency, value: toDecimal(amount.amount, amount.currency) } },
    })
    if (!res.ok) {
      const message =
        {
          CAPTURE_FULLY_REFUNDED: 'This PayPal payment has already been refunded in full',
          REFUND_AMOUNT_EXCEEDED: 'The refund is more than what is left of this PayPal payment: refund less',
          REFUND_TIME_LIMIT_EXCEEDED:
            'PayPal no longer refunds this payment (it is too old): refund it another way',
        }[issueOf(res.body) ?? ''] ?? 'PayPal could not make this refund: try again later'
      throw fail(res, message)
    }
    const refund = res.body as { id?: string; status?: string }
    if (!refund.id || !isRefundStatus(refund.status)) throw malformed('a refund without its status', res)
    return { id: refund.id, status: refund.status }
  }

  /**
   * Asks PayPal whether a webhook is genuine. Answers the event, or null when it is not (or its headers
   * are missing); throws a retryable PaymentProviderError when PayPal cannot say, so the webhook handler
   * answers 5xx and PayPal delivers it again.
   */
  async verifyWebhook(
    headers: Headers | Record<string, string>,
    rawBody: string,
  ): Promise<PaypalWebhookEvent | null> {
    const header = (name: string) =>
      headers instanceof Headers
        ? headers.get(name)
        : (Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1] ?? null)
    const fields = {
      auth_algo: header('paypal-auth-algo'),
      cert_url: header('paypal-cert-url'),
      transmission_id: header('paypal-transmission-id'),
      transmission_sig: header('paypal-transmission-sig'),
      transmission_time: header('paypal-transmission-time'),
    }
    if (Object.values(fields).some((value) => !value)) return null
    let event: Partial<PaypalWebhookEvent>
    try {
      event = JSON.parse(rawBody)
    } catch {
      return null
    }
    if (typeof event !== 'object' || event === null || !event.id || !event.event_type) return null
    // PayPal checks the signature against the event as it re-serialises it: sending the body exactly as it
    // came (not JSON.stringify of the parse) keeps numbers and escapes as PayPal signed them.
    const prefix = JSON.stringify({ ...fields, webhook_id: this.options.webhookId })
    const body = `${prefix.slice(0, -1)},"webhook_event":${rawBody}}`
    const res = await this.call('POST', '/v1/notifications/verify-webhook-signature', { body, raw: true })
    if (!res.ok) return null
    if ((res.body as { verification_status?: string }).verification_status !== 'SUCCESS') return null
    return { ...event, resource: event.resource ?? {} } as PaypalWebhookEvent
  }

  private async rawOrder(id: string): Promise<RawOrder> {
    const res = await this.call('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`)
    if (res.status === 404) throw fail(res, 'We cannot find this PayPal payment: start the payment again')
    if (!res.ok) throw fail(res, UNAVAILABLE)
    return res.body as RawOrder
  }

  /**
   * One authorised call. Answers PayPal's 2xx and 4xx (each caller says what a refusal means); throws for
   * what nobody can act on: no answer, 5xx, 429, or credentials PayPal refuses.
   */
  private async call(
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
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value
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
    this.token = { value: access_token, expiresAt: Date.now() + (expires_in - margin) * 1000 }
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

interface ApiAnswer {
  ok: boolean
  status: number
  body: unknown
  /** Method and path, for the log. */
  path: string
}

function captureResult(order: RawOrder, res: ApiAnswer): PaypalCaptureResult {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0]
  if (!capture?.id || !capture.status) {
    if (order.status === 'APPROVED' || order.status === 'COMPLETED')
      throw malformed('a completed order without its capture', res)
    return { status: 'NOT_APPROVED', detail: `order ${order.id} is ${order.status}` }
  }
  const reason = capture.status_details?.reason
  switch (capture.status) {
    case 'COMPLETED':
      return {
        status: 'COMPLETED',
        captureId: capture.id,
        amount: money(capture.amount, res),
        payerEmail: order.payer?.email_address ?? order.payment_source?.paypal?.email_address ?? null,
      }
    case 'PENDING':
      return { status: 'PENDING', detail: `capture ${capture.id} PENDING${reason ? ` (${reason})` : ''}` }
    case 'DECLINED':
    case 'FAILED':
      return {
        status: 'DECLINED',
        detail: `capture ${capture.id} ${capture.status}${reason ? ` (${reason})` : ''}`,
      }
    default:
      // REFUNDED or PARTIALLY_REFUNDED: it was completed, and what happened since is the refund's story.
      return {
        status: 'COMPLETED',
        captureId: capture.id,
        amount: money(capture.amount, res),
        payerEmail: order.payer?.email_address ?? order.payment_source?.paypal?.email_address ?? null,
      }
  }
}

function money(amount: RawAmount | undefined, res: ApiAnswer | null): Money {
  const currency = amount?.currency_code ?? ''
  if (!isCurrencyCode(currency) || typeof amount?.value !== 'string')
    throw malformed(`an amount Soko does not know (${currency || 'no currency'})`, res)
  try {
    return { amount: fromDecimal(amount.value, currency), currency }
  } catch (error) {
    throw malformed(error instanceof Error ? error.message : 'an amount Soko cannot read', res)
  }
}

function isRefundStatus(status: unknown): status is PaypalRefund['status'] {
  return status === 'COMPLETED' || status === 'PENDING' || status === 'FAILED' || status === 'CANCELLED'
}

function issueOf(body: unknown): string | null {
  return (body as PaypalError | null)?.details?.[0]?.issue ?? null
}

/** PayPal's name, issue and debug_id: what the log needs and PayPal's support asks for; never a secret. */
function describe(res: ApiAnswer): string {
  const e = (res.body ?? {}) as PaypalError
  const parts = [`PayPal ${res.path} answered ${res.status}`, e.name ?? e.error, issueOf(e)]
  const text = e.details?.[0]?.description ?? e.message ?? e.error_description
  if (text) parts.push(`"${text.slice(0, 200)}"`)
  if (e.debug_id) parts.push(`debug_id=${e.debug_id}`)
  return parts.filter(Boolean).join(' ')
}

function fail(res: ApiAnswer, message: string, note: string | null = null, retryable = false) {
  const detail = note ? `${describe(res)}: ${note}` : describe(res)
  return new PaymentProviderError(
    message,
    detail,
    issueOf(res.body) ?? (res.body as PaypalError)?.name ?? null,
    retryable,
  )
}

function malformed(what: string, res: ApiAnswer | null) {
  return new PaymentProviderError(
    UNAVAILABLE,
    `PayPal${res ? ` ${res.path}` : ''} answered ${what}`,
    null,
    true,
  )
}

/** At most `max` characters, never half of one (a lone surrogate is invalid JSON text to PayPal). */
function truncate(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length <= max ? text : chars.slice(0, max).join('')
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname
  } catch {
    return url
  }
}
