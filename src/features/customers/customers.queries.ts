import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { SubjectInput, SubjectOutput } from '../../../contract'
import type { CurrencyCode } from '../../../contract/currencies'
import type { CustomerSummary } from '../../../contract/customers.contract'
import { toMinor } from '../../lib/money'
import { persisted } from '../../lib/persisted'
import { rpc } from '../../lib/rpc'
import type { CustomersSearch } from './customers-search'

export type CustomerDetails = SubjectOutput<'getCustomer'>

/** A page of rows per request when fetching everything for the export: the most the server gives. */
const EXPORT_PAGE = 500

/**
 * The URL's search as `listCustomers` takes it. "Spent over" counts in the currency chosen beside it, else
 * the seller's own (`fallback`); the server sorts by what was spent in that currency too.
 */
export function listInput(
  search: CustomersSearch,
  fallback: CurrencyCode,
): Omit<SubjectInput<'listCustomers'>, 'cursor' | 'limit'> {
  const currency = search.currency ?? fallback
  const over = search.over ? toMinor(search.over, currency) : null
  return {
    query: search.q ?? '',
    sort: search.sort ?? 'recent',
    currency,
    ...(search.product ? { productId: search.product } : {}),
    ...(over ? { spentOver: { amount: over, currency } } : {}),
    ...(search.before ? { lastBefore: search.before } : {}),
  }
}

/**
 * What the client book reads. Everything sits under `all()`: a note saved, an invoice sent or an order
 * paid refreshes the list and the client with it. Both are kept in IndexedDB to read offline.
 */
export const customersQueries = {
  all: () => ['customers'] as const,
  list: (input: ReturnType<typeof listInput>) =>
    infiniteQueryOptions({
      queryKey: [...customersQueries.all(), 'list', input],
      queryFn: ({ pageParam, signal }) =>
        rpc('listCustomers', { ...input, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      meta: persisted,
    }),
  one: (key: string) =>
    queryOptions({
      queryKey: [...customersQueries.all(), 'one', key],
      queryFn: ({ signal }) => rpc('getCustomer', { key }, { signal }),
      meta: persisted,
    }),
}

/** Every client the filters select, page after page, telling `onProgress` how many have come. */
export async function fetchAllCustomers(
  input: ReturnType<typeof listInput>,
  onProgress: (count: number) => void,
  signal?: AbortSignal,
): Promise<CustomerSummary[]> {
  const all: CustomerSummary[] = []
  let cursor: string | null = null
  do {
    const page: SubjectOutput<'listCustomers'> = await rpc(
      'listCustomers',
      { ...input, limit: EXPORT_PAGE, ...(cursor ? { cursor } : {}) },
      signal ? { signal } : {},
    )
    all.push(...page.customers)
    onProgress(all.length)
    cursor = page.nextCursor
  } while (cursor)
  return all
}
