import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { persisted } from '../../lib/persisted'
import { rpc } from '../../lib/rpc'
import { transactionsQueries } from '../transactions/transactions.queries'

/**
 * What /account/withdraw reads. Balances and payouts sit under the ledger's key, so whatever moves money
 * (a withdrawal, a cancel, a refund) refreshes them with the books; all are kept to read offline.
 */
export const payoutsQueries = {
  balances: () =>
    queryOptions({
      queryKey: [...transactionsQueries.all(), 'balances'],
      queryFn: ({ signal }) => rpc('getBalances', {}, { signal }),
      meta: persisted,
    }),
  methods: () =>
    queryOptions({
      queryKey: ['payouts', 'methods'],
      queryFn: ({ signal }) => rpc('listPayoutMethods', {}, { signal }),
      meta: persisted,
    }),
  /** Three at a time: the withdrawal comes first on the page, the latest payouts under it. */
  list: () =>
    infiniteQueryOptions({
      queryKey: [...transactionsQueries.all(), 'payouts'],
      queryFn: ({ pageParam, signal }) =>
        rpc('listPayouts', { limit: 3, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      meta: persisted,
    }),
}
