import { randomInt } from 'node:crypto'
import type { Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { deliveries } from '../deliveries'
import type { SandboxDeps } from '../sandbox-deps'
import type { SandboxStore } from '../store'

/**
 * What the parts of the M-Pesa sandbox share: Daraja's errors and ids, how it reads numbers and addresses,
 * and the context each part adds its routes with.
 */

export type SandboxEnv = { Variables: { body: Record<string, unknown> } }

/**
 * What each part of the M-Pesa sandbox is given: the one app all their routes join (in an order that
 * matters: see index.ts), its records, the credentials it accepts, and its deliveries.
 */
export interface MpesaContext {
  app: Hono<SandboxEnv>
  store: SandboxStore
  config: SandboxDeps['payments']['mpesa']
  /** The callbacks and results under way, for idle(); `track` keeps one that is sent a little later. */
  posts: ReturnType<typeof deliveries>
  /** POSTs JSON like Daraja does; a receiver that fails is logged, never retried (Daraja does not). */
  post(url: string, body: unknown, what: string): Promise<void>
}

export const PHONE = /^254[17]\d{8}$/

// ---- Daraja's formats ----

export function darajaError(
  c: Context,
  status: ContentfulStatusCode,
  errorCode: string,
  errorMessage: string,
) {
  return c.json({ requestId: `${randomDigits(5)}-${randomDigits(8)}-1`, errorCode, errorMessage }, status)
}

export const invalid = (c: Context, field: string) =>
  darajaError(c, 400, '400.002.02', `Bad Request - Invalid ${field}`)

// ---- Small helpers ----

export const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

export function randomChars(length: number, alphabet = UPPER): string {
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('')
}

export function randomDigits(length: number): string {
  return randomChars(length, '0123456789')
}

/** Daraja takes numbers as JSON numbers or strings. */
export function str(value: unknown): string | null {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null
}

export function wholeAmount(value: unknown): number | null {
  const amount =
    typeof value === 'number' ? value : typeof value === 'string' && value ? Number(value) : Number.NaN
  return Number.isInteger(amount) && amount >= 1 ? amount : null
}

/** Absolute http(s), with no spaces anywhere (Daraja refuses a stray one). */
export function absoluteUrl(value: unknown): boolean {
  if (typeof value !== 'string' || /\s/.test(value)) return false
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

/** 254712345678 → 0712345678, or 0712 345 678 for people. */
export function localNumber(phone: string, spaced = false): string {
  const local = `0${phone.slice(3)}`
  return spaced ? `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}` : local
}
