/**
 * The seller API's keys. A key is given scopes, each an area and what it may do there: `read` sees, `write`
 * changes (and sees). Payouts and the balance are read only: money leaves Soko only from the app.
 */
export const API_AREAS = [
  'products',
  'discounts',
  'orders',
  'customers',
  'invoices',
  'payouts',
  'webhooks',
] as const
export type ApiArea = (typeof API_AREAS)[number]
/** Areas a key can never write to. */
export const READ_ONLY_AREAS: ReadonlySet<ApiArea> = new Set(['payouts'])

/** Every scope a key can have: each area's read and write, payouts' read only. */
export const API_SCOPES = [
  'products:read',
  'products:write',
  'discounts:read',
  'discounts:write',
  'orders:read',
  'orders:write',
  'customers:read',
  'customers:write',
  'invoices:read',
  'invoices:write',
  'payouts:read',
  'webhooks:read',
  'webhooks:write',
] as const
export type ApiScope = (typeof API_SCOPES)[number]

/** Whether scopes let a key do `access` in `area`: write includes read. */
export function scopeAllows(scopes: readonly string[], area: ApiArea, access: 'read' | 'write'): boolean {
  return scopes.includes(`${area}:write`) || (access === 'read' && scopes.includes(`${area}:read`))
}

/** A seller's keys at most (revoked ones are not counted). */
export const MAX_API_KEYS = 20
/** What every key begins with, so a key found in code or a log is known for what it is. */
export const API_KEY_PREFIX = 'soko_sk_'
/** Requests a key may make a minute; then 429 with Retry-After. */
export const API_KEY_REQUESTS_PER_MINUTE = 120
