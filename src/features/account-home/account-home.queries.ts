import { queryOptions } from '@tanstack/react-query'
import type { SubjectOutput } from '../../../contract'
import { persisted } from '../../lib/persisted'
import { rpc } from '../../lib/rpc'
import { transactionsQueries } from '../transactions/transactions.queries'

export type AccountHome = SubjectOutput<'getAccountHome'>
export type SellerHome = Extract<AccountHome, { role: 'seller' }>
export type BuyerHome = Extract<AccountHome, { role: 'buyer' }>

export const accountHomeQueries = {
  /** Under the ledger's key: whatever moves money (a refund, a withdrawal) refreshes the home with the books. */
  all: () => [...transactionsQueries.all(), 'home'] as const,
  /** What /account opens on; kept in IndexedDB, so the dashboard reads offline with its age. */
  home: () =>
    queryOptions({
      queryKey: accountHomeQueries.all(),
      queryFn: ({ signal }) => rpc('getAccountHome', {}, { signal }),
      meta: persisted,
    }),
}
