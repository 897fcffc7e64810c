import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { rpc } from '../../lib/rpc'

/** A seller's API keys and what they changed; never kept for offline (they are about a live API). */
export const developersQueries = {
  all: () => ['developers'] as const,
  keys: () =>
    queryOptions({
      queryKey: [...developersQueries.all(), 'keys'],
      queryFn: ({ signal }) => rpc('listApiKeys', {}, { signal }),
    }),
  activity: () =>
    infiniteQueryOptions({
      queryKey: [...developersQueries.all(), 'activity'],
      queryFn: ({ pageParam, signal }) =>
        rpc('listApiActivity', pageParam ? { cursor: pageParam } : {}, { signal }),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
}
