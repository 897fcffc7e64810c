import { queryOptions } from '@tanstack/react-query'
import type { ProductKind } from '../../../contract/catalog.constants'
import { persisted } from '../../lib/persisted'
import { rpc } from '../../lib/rpc'

/** What the seller's catalog pages read. */
export const catalogQueries = {
  /** Every list of the seller's own products: a change to one product refreshes them all by this key. */
  mine: () => ['catalog', 'my-products'] as const,
  /**
   * The seller's own products of these kinds (all kinds when none are given). Kept for offline: a seller on
   * a bus still sees what they sell.
   */
  myProducts: (kinds?: ProductKind[]) =>
    queryOptions({
      queryKey: [...catalogQueries.mine(), kinds ?? 'all'],
      queryFn: ({ signal }) => rpc('listMyProducts', kinds ? { kinds } : {}, { signal }),
      meta: persisted,
    }),
}
