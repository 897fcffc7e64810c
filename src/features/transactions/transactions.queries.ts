import { infiniteQueryOptions } from '@tanstack/react-query'
import type { SubjectOutput } from '../../../contract'
import { persisted } from '../../lib/persisted'
import { rpc } from '../../lib/rpc'
import type { CsvMovement } from './transactions-csv'
import type { TransactionsSearch } from './transactions-search'

export type TransactionsPage = SubjectOutput<'listTransactions'>

/** A page of rows per request when fetching everything for the export: the most the server gives. */
const EXPORT_PAGE = 50

export const transactionsQueries = {
  /** Everything read from the ledger: whatever moves money (a refund, a payout) refreshes it by this key. */
  all: () => ['ledger'] as const,
  /** The movements the filters select, a page at a time; kept in IndexedDB to read offline. */
  list: (search: TransactionsSearch) =>
    infiniteQueryOptions({
      queryKey: [...transactionsQueries.all(), 'transactions', search],
      queryFn: ({ pageParam, signal }) =>
        rpc('listTransactions', { ...search, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      meta: persisted,
    }),
}

/** Every movement the filters select, page after page, telling `onProgress` how many have come. */
export async function fetchAllMovements(
  search: TransactionsSearch,
  onProgress: (count: number) => void,
  signal?: AbortSignal,
): Promise<CsvMovement[]> {
  const all: CsvMovement[] = []
  let cursor: string | null = null
  do {
    const page: TransactionsPage = await rpc(
      'listTransactions',
      { ...search, limit: EXPORT_PAGE, ...(cursor ? { cursor } : {}) },
      signal ? { signal } : {},
    )
    all.push(...page.movements)
    onProgress(all.length)
    cursor = page.nextCursor
  } while (cursor)
  return all
}
