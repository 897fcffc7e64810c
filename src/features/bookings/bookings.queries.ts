import { infiniteQueryOptions } from '@tanstack/react-query'
import { persisted } from '../../lib/persisted'
import { rpc } from '../../lib/rpc'

export type AgendaWhen = 'upcoming' | 'past'

/** The seller's agenda, a page at a time; kept to read offline (a seller on the road sees their day). */
export const bookingsQueries = {
  all: () => ['bookings'] as const,
  list: (when: AgendaWhen) =>
    infiniteQueryOptions({
      queryKey: [...bookingsQueries.all(), 'list', when],
      queryFn: ({ pageParam, signal }) =>
        rpc('listBookings', { when, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      meta: persisted,
    }),
}
