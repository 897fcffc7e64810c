import { randomBytes, randomInt } from 'node:crypto'
import type { Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { unstorableText } from '../../../../contract/text'
import type { SandboxDeps } from '../sandbox-deps'
import type { SandboxStore } from '../store'
import { decimalsOf, toMinor, toValue } from './money'

/**
 * What the parts of the PayPal sandbox share: PayPal's REST errors, amounts, links and ids, how it reads a
 * request, and the context each part adds its routes with.
 */

/**
 * What each part of the PayPal sandbox is given: the one app all their routes join (in an order that
 * matters: see index.ts), its records, the credentials it accepts, its address and its webhooks.
 */
export interface PaypalContext {
  app: Hono
  store: SandboxStore
  config: SandboxDeps['payments']['paypal']
  /** The PayPal sandbox's own address (`…/sandbox/paypal`), for HATEOAS links. */
  base: string
  /** Sends a signed webhook; never rejects (a failed delivery is logged, as PayPal shows it). */
  notify(eventType: string, resourceType: string, resource: object, summary: string): Promise<void>
}

export interface Amount {
  currency_code: string
  value: string
}

export interface Link {
  href: string
  rel: string
  method: 'GET' | 'POST' | 'PATCH'
}

const MESSAGES = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  UNPROCESSABLE_ENTITY:
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
} as const

// --- PayPal's answers ---

type Answer = (c: Context) => Response

function error(
  c: Context,
  status: ContentfulStatusCode,
  name: keyof typeof MESSAGES,
  issue: string,
  description: string,
  field?: string,
) {
  return c.json(
    {
      name,
      message: MESSAGES[name],
      debug_id: randomBytes(7).toString('hex').slice(0, 13),
      details: [{ ...(field ? { field, location: 'body' } : {}), issue, description }],
      links: [
        {
          href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${issue}`,
          rel: 'information_link',
          method: 'GET',
        },
      ],
    },
    status,
  )
}

export const invalid = (c: Context, field: string, issue: string, description: string) =>
  error(c, 400, 'INVALID_REQUEST', issue, description, field)
export const unprocessable = (c: Context, issue: string, description: string, field?: string) =>
  error(c, 422, 'UNPROCESSABLE_ENTITY', issue, description, field)
export const notFound = (c: Context) =>
  error(
    c,
    404,
    'RESOURCE_NOT_FOUND',
    'INVALID_RESOURCE_ID',
    'Specified resource ID does not exist. Please check the resource ID and try again.',
  )
export const malformedJson = (c: Context) =>
  error(c, 400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.')

/**
 * A PayPal amount, checked as PayPal checks it: one of PayPal's currencies (not Soko's: KES is refused, JPY
 * taken) and a decimal in PayPal's precision for it (none for HUF, JPY and TWD).
 */
export function readAmount(
  raw: unknown,
  field: string,
): { currency: string; value: string; minor: number } | { issue: string; answer: Answer } {
  const amount = (raw ?? {}) as Partial<Amount>
  const fail = (at: string, issue: string, description: string) => ({
    issue,
    answer: (c: Context) => invalid(c, `${field}${at}`, issue, description),
  })
  const refuse = (issue: string, description: string, at: string) => ({
    issue,
    answer: (c: Context) => unprocessable(c, issue, description, `${field}${at}`),
  })
  if (typeof raw !== 'object' || raw === null)
    return fail('', 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.')
  const currency = amount.currency_code
  if (typeof currency !== 'string')
    return fail('/currency_code', 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.')
  const digits = decimalsOf(currency)
  if (digits === null)
    return refuse(
      'CURRENCY_NOT_SUPPORTED',
      'Currency code is not currently supported. Please refer https://developer.paypal.com/docs/integration/direct/rest/currency-codes/ for list of supported currency codes.',
      '/currency_code',
    )
  const value = amount.value
  if (typeof value !== 'string')
    return fail('/value', 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.')
  if (!/^\d{1,15}(\.\d+)?$/.test(value))
    return fail(
      '/value',
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
    )
  const decimals = value.split('.')[1]?.length ?? 0
  if (digits === 0 && decimals > 0)
    return refuse(
      'DECIMALS_NOT_SUPPORTED',
      'Currency does not support decimals. Please refer to https://developer.paypal.com/docs/api/reference/currency-codes/ for more information.',
      '/value',
    )
  if (decimals > digits)
    return fail(
      '/value',
      'DECIMAL_PRECISION',
      'If the currency supports decimals, only two decimal place precision is supported.',
    )
  const minor = toMinor(value, currency)
  // Past what the sandbox counts exactly (some 90 trillion dollars): refused, not rounded.
  if (minor === null)
    return refuse(
      'MAX_VALUE_EXCEEDED',
      `Should be less than or equal to ${toValue(Number.MAX_SAFE_INTEGER, currency)}.`,
      '/value',
    )
  return { currency, value, minor }
}

/** Records that a request id made this object; false when another request took the id first. */
export async function claim(store: SandboxStore, requestKey: string, id: string): Promise<boolean> {
  try {
    await store.put('paypal', 'request', requestKey, { id })
    return true
  } catch (error) {
    if (await store.get('paypal', requestKey)) return false
    throw error
  }
}

// --- Small helpers ---

/** PayPal-like ids: upper-case letters and digits. */
export function paypalId(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('')
}

export function basicCredentials(header: string | undefined): [string, string] | [] {
  const encoded = /^Basic (\S+)$/i.exec(header ?? '')?.[1]
  if (!encoded) return []
  const decoded = Buffer.from(encoded, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon < 0 ? [] : [decoded.slice(0, colon), decoded.slice(colon + 1)]
}

export async function readJson(c: Context): Promise<Record<string, unknown> | null> {
  return parseJson(await c.req.text())
}

export function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text)
    // Text no database holds (a NUL, half a surrogate pair) is refused as malformed, not failed on later.
    if (Object.keys(unstorableText(value)).length > 0) return null
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null
  } catch {
    return null
  }
}

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** Adds query parameters to a URL that may already have some (and a fragment), as PayPal does. */
export function withQuery(url: string, params: Record<string, string>): string {
  const hash = url.indexOf('#')
  const [path, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)]
  const joiner = !path.includes('?') ? '?' : /[?&]$/.test(path) ? '' : '&'
  return `${path}${joiner}${new URLSearchParams(params)}${fragment}`
}
