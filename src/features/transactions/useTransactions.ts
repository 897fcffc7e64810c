import { useInfiniteQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { RpcError } from '../../lib/rpc'
import { useSession } from '../../lib/session'
import { transactionsQueries } from './transactions.queries'

const route = getRouteApi('/_default/account/transactions')

/** Whose transactions the page shows: a seller's books, or what someone paid and got back. */
export type Role = 'seller' | 'buyer'

/**
 * The transactions for the URL's filters, page by page: whose they are, a seller's books, the movements
 * loaded so far, and the server's messages about the filters.
 */
export function useTransactions() {
  const search = route.useSearch()
  const { user } = useSession()
  const isSeller = user?.roles.includes('seller') ?? false
  const list = useInfiniteQuery(transactionsQueries.list(search))
  const pages = list.data?.pages ?? []
  const role: Role = pages[0]?.role ?? search.as ?? (isSeller ? 'seller' : 'buyer')
  const seller = pages.flatMap((p) => (p.role === 'seller' ? [p] : []))
  const books = seller[0]
  const sellerMovements = seller.flatMap((p) => p.movements)
  const buyerMovements = pages.flatMap((p) => (p.role === 'buyer' ? p.movements : []))
  const count = role === 'seller' ? sellerMovements.length : buyerMovements.length
  const filtered = Boolean(search.from || search.to || search.kind || search.method)
  const errors = list.error instanceof RpcError ? list.error.errors : {}
  return { search, isSeller, list, role, books, sellerMovements, buyerMovements, count, filtered, errors }
}
