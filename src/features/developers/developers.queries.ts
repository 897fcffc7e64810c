import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { rpc } from '../../lib/rpc'

/** A seller's API keys, what they changed, and their webhooks; never kept for offline (they are about a live API). */
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
  endpoints: () =>
    queryOptions({
      queryKey: [...developersQueries.all(), 'endpoints'],
      queryFn: ({ signal }) => rpc('listWebhookEndpoints', {}, { signal }),
    }),
  deliveries: (endpointId: string) =>
    infiniteQueryOptions({
      queryKey: [...developersQueries.all(), 'deliveries', endpointId],
      queryFn: ({ pageParam, signal }) =>
        rpc('listWebhookDeliveries', pageParam ? { endpointId, cursor: pageParam } : { endpointId }, {
          signal,
        }),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
}
