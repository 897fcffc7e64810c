import { type CurrencyCode, isCurrencyCode } from '../../../contract/currencies'
import { CUSTOMER_SORTS, type CustomerSort } from '../../../contract/customers.constants'

// The page's search parameters apart from its queries: the route validates them in code every page loads,
// which should not carry the rpc client.

/** What /account/customers keeps in its URL: the view, then the client book's search, sort and filters. */
export interface CustomersSearch {
  /** The orders list instead of the client book. */
  view?: 'orders'
  q?: string
  /** Absent: most recent first. */
  sort?: Exclude<CustomerSort, 'recent'>
  /** Bought this product. */
  product?: string
  /** Spent at least this much, in major units as typed (`2000`, `49.50`), in `currency`. */
  over?: string
  currency?: CurrencyCode
  /** Last bought (or billed) before this day. */
  before?: string
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const AMOUNT = /^\d{1,12}(\.\d{1,3})?$/

/** Only what is set and well-formed: a hand-edited URL cannot send the server nonsense. */
export function validateCustomersSearch(search: Record<string, unknown>): CustomersSearch {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
  const q = text(search.q).slice(0, 120)
  const sort = CUSTOMER_SORTS.find((s) => s !== 'recent' && s === search.sort) as CustomersSearch['sort']
  const product = UUID.test(text(search.product)) ? text(search.product).toLowerCase() : ''
  const over = text(search.over).replace(/[,\s]/g, '')
  const currency = text(search.currency).toUpperCase()
  const before = text(search.before)
  return {
    ...(search.view === 'orders' ? { view: 'orders' as const } : {}),
    ...(q ? { q } : {}),
    ...(sort ? { sort } : {}),
    ...(product ? { product } : {}),
    ...(AMOUNT.test(over) && Number(over) > 0 ? { over } : {}),
    ...(isCurrencyCode(currency) ? { currency } : {}),
    ...(DAY.test(before) ? { before } : {}),
  }
}

/** Whether any filter narrows the book (the sort and the currency alone do not). */
export function isFiltered(search: CustomersSearch): boolean {
  return Boolean(search.q || search.product || search.over || search.before)
}
