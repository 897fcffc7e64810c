import { queryOptions } from '@tanstack/react-query'
import { persisted } from '../../lib/persisted'
import { rpc } from '../../lib/rpc'
import { pendingScans } from './door-store'

/**
 * What the door reads: the attendee list (kept in IndexedDB with the other offline reads: downloaded once
 * online, it checks tickets with no signal) and this device's check-ins waiting for Soko.
 */
export const ticketsQueries = {
  all: () => ['tickets'] as const,
  attendees: (eventId: string) =>
    queryOptions({
      queryKey: [...ticketsQueries.all(), 'attendees', eventId],
      queryFn: ({ signal }) => rpc('listAttendees', { eventId }, { signal }),
      meta: persisted,
      // Tickets sold since, and other doors' check-ins, come in while the page is open and online.
      refetchInterval: 60_000,
    }),
  pending: (eventId: string) =>
    queryOptions({
      queryKey: [...ticketsQueries.all(), 'pending', eventId],
      queryFn: () => pendingScans(eventId),
      networkMode: 'always',
    }),
}
