import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { rpc } from '../../lib/rpc'

/** What the admin area reads. */
export const adminQueries = {
  all: () => ['admin'] as const,
  /** Sellers' identity verifications waiting for review. */
  verifications: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'verifications'],
      queryFn: ({ signal }) => rpc('listSellerVerifications', {}, { signal }),
    }),
  /** Payouts waiting for an admin: approvals, and bank transfers to make by hand. */
  payouts: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'payouts'],
      queryFn: ({ signal }) => rpc('listPayoutQueue', {}, { signal }),
    }),
  /** Money that matched no order or invoice, waiting for an admin (or already settled). */
  unmatched: (resolved: boolean) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'unmatched', resolved],
      queryFn: ({ signal }) => rpc('listUnmatchedPayments', { resolved }, { signal }),
    }),
  /** The exchange rates behind approximate prices. */
  rates: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'rates'],
      queryFn: ({ signal }) => rpc('listRates', {}, { signal }),
    }),
  /** Messages sent from /contact-us, newest first, a page at a time. */
  contactMessages: () =>
    infiniteQueryOptions({
      queryKey: [...adminQueries.all(), 'contact-messages'],
      queryFn: ({ pageParam, signal }) =>
        rpc('listContactMessages', pageParam ? { before: pageParam } : {}, { signal }),
      initialPageParam: '',
      getNextPageParam: (last) => last.next ?? undefined,
    }),
  /** Mail sent (or kept in the outbox folder), newest first, to one address or all. */
  outbox: (to: string) =>
    infiniteQueryOptions({
      queryKey: [...adminQueries.all(), 'outbox', to],
      queryFn: ({ pageParam, signal }) =>
        rpc('listOutbox', { ...(pageParam ? { before: pageParam } : {}), ...(to ? { to } : {}) }, { signal }),
      initialPageParam: '',
      getNextPageParam: (last) => last.next ?? undefined,
    }),
}
