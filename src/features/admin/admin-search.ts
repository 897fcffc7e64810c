// The admin pages' search parameters, without the contract's schemas: route files validate them in code
// every page loads.

export type PeopleFilter = 'sellers' | 'admins' | 'suspended'

/** /admin/people?q=&filter= */
export interface PeopleSearch {
  q?: string
  filter?: PeopleFilter
}

/** /admin/audit?q=&target= */
export interface AuditSearch {
  q?: string
  /** The record's id: a person's, a product's, an order's. */
  target?: string
}

const text = (value: unknown, max = 100) => (typeof value === 'string' ? value.trim().slice(0, max) : '')

export function validatePeopleSearch(search: Record<string, unknown>): PeopleSearch {
  const q = text(search.q)
  const filter = text(search.filter)
  return {
    ...(q ? { q } : {}),
    ...(filter === 'sellers' || filter === 'admins' || filter === 'suspended' ? { filter } : {}),
  }
}

export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  const q = text(search.q)
  const target = text(search.target)
  return { ...(q ? { q } : {}), ...(target ? { target } : {}) }
}

/** /admin/payouts' list of every payout: by status, rail and seller. */
export interface PayoutsFilter {
  status?: 'approval' | 'scheduled' | 'sending' | 'processing' | 'paid' | 'failed' | 'returned' | 'cancelled'
  rail?: 'mpesa' | 'paypal' | 'bank'
  q: string
}

/** /admin/orders?q= and /admin/products?q=&reported=1 */
export interface QuerySearch {
  q?: string
  reported?: boolean
}

export function validateQuerySearch(search: Record<string, unknown>): QuerySearch {
  const q = text(search.q)
  const reported = search.reported === true || search.reported === '1' || search.reported === 1
  return { ...(q ? { q } : {}), ...(reported ? { reported: true } : {}) }
}
