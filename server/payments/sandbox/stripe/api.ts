import { randomInt } from 'node:crypto'
import type { Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { clock } from '../../../lib/clock'
import type { SandboxDeps } from '../sandbox-deps'
import type { SandboxStore } from '../store'
import type { FormValue } from './form'

/**
 * What the parts of the Stripe sandbox share: Stripe's errors, ids and times, and the context each part
 * adds its routes with.
 */

/**
 * What each part of the Stripe sandbox is given: the one app all their routes join (in an order that
 * matters: see index.ts), its records, the keys it accepts and signs with, its address and its webhooks.
 */
export interface StripeContext {
  app: Hono
  store: SandboxStore
  config: SandboxDeps['payments']['card']
  /** The Stripe sandbox's own address (`…/sandbox/stripe`), where its card pages are. */
  base: string
  /** Sends a webhook event; never rejects (a failed delivery is logged). */
  notify(type: string, object: object): Promise<void>
}

// --- Stripe's answers ---

interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error'
  message: string
  code?: string
  param?: string
  /** A card error's: the bank's reason, the payment intent it leaves, and the card tried. */
  decline_code?: string
  payment_intent?: object
  payment_method?: object
}

export function stripeError(c: Context, status: ContentfulStatusCode, error: StripeErrorBody) {
  const doc = error.code
    ? { doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}` }
    : {}
  return c.json({ error: { ...error, ...doc } }, status)
}

export const missing = (c: Context, param: string) =>
  stripeError(c, 400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  })

export const invalid = (c: Context, param: string, message: string, code = 'parameter_invalid') =>
  stripeError(c, 400, { type: 'invalid_request_error', code, param, message })

export const invalidInteger = (c: Context, param: string, value: FormValue | undefined) =>
  invalid(
    c,
    param,
    `Invalid integer: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
    'parameter_invalid_integer',
  )

export const noSuch = (c: Context, kind: string, id: string) =>
  stripeError(c, 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such ${kind}: '${id}'`,
  })

/** "sk_test_soko_sandbox" → "sk_test_************dbox": enough to tell keys apart, never the key. */
export function maskKey(key: string): string {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? ''
  const rest = key.slice(prefix.length)
  return `${prefix}${'*'.repeat(Math.max(rest.length - 4, 4))}${rest.length > 8 ? rest.slice(-4) : ''}`
}

// --- Small helpers ---

export const now = () => Math.floor(clock.ms() / 1000)

/** Stripe-like ids: a prefix, then letters and digits. */
export function stripeId(prefix: string, length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return prefix + Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('')
}
