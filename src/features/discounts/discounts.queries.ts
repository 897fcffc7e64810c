import { queryOptions } from '@tanstack/react-query'
import { rpc } from '../../lib/rpc'

/** A seller's discount codes; a change to one refreshes them by `all()`. */
export const discountsQueries = {
  all: () => ['discounts'] as const,
  codes: () =>
    queryOptions({
      queryKey: [...discountsQueries.all(), 'codes'],
      queryFn: ({ signal }) => rpc('listDiscountCodes', {}, { signal }),
    }),
}
