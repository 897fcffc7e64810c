import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { rpc } from '../../lib/rpc'
import type { AuditSearch, PayoutsFilter, PeopleSearch } from './admin-search'

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
  /** The outbox (every SMS, and mail when there is no SMTP server), newest first, to one address or all. */
  outbox: (to: string) =>
    infiniteQueryOptions({
      queryKey: [...adminQueries.all(), 'outbox', to],
      queryFn: ({ pageParam, signal }) =>
        rpc('listOutbox', { ...(pageParam ? { before: pageParam } : {}), ...(to ? { to } : {}) }, { signal }),
      initialPageParam: '',
      getNextPageParam: (last) => last.next ?? undefined,
    }),
  /** People found by the search, newest first, a page at a time. */
  people: (search: PeopleSearch) =>
    infiniteQueryOptions({
      queryKey: [...adminQueries.all(), 'people', search],
      queryFn: ({ pageParam, signal }) =>
        rpc(
          'listUsers',
          { q: search.q ?? '', filter: search.filter ?? 'all', ...(pageParam ? { cursor: pageParam } : {}) },
          { signal },
        ),
      initialPageParam: '',
      getNextPageParam: (last) => last.next ?? undefined,
    }),
  /** One person, as an admin sees them. */
  person: (id: string) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'person', id],
      queryFn: ({ signal }) => rpc('getUser', { id }, { signal }),
    }),
  /** The fees, hold and payout figures in force. */
  terms: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'terms'],
      queryFn: ({ signal }) => rpc('getPlatformTerms', {}, { signal }),
    }),
  /** What admins did, newest first. */
  audit: (search: AuditSearch) =>
    infiniteQueryOptions({
      queryKey: [...adminQueries.all(), 'audit', search],
      queryFn: ({ pageParam, signal }) =>
        rpc(
          'listAuditLog',
          {
            q: search.q ?? '',
            ...(search.target ? { targetId: search.target } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
          { signal },
        ),
      initialPageParam: '',
      getNextPageParam: (last) => last.next ?? undefined,
    }),
  /** The figures of the admin's first page. */
  dashboard: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'dashboard'],
      queryFn: ({ signal }) => rpc('getAdminDashboard', {}, { signal }),
    }),
  /** Products found by the search, newest first. */
  products: (q: string, reported: boolean) =>
    infiniteQueryOptions({
      queryKey: [...adminQueries.all(), 'products', q, reported],
      queryFn: ({ pageParam, signal }) =>
        rpc('listAdminProducts', { q, reported, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
      initialPageParam: '',
      getNextPageParam: (last) => last.next ?? undefined,
    }),
  /** Reports from product pages. */
  reports: (status: 'open' | 'closed') =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'reports', status],
      queryFn: ({ signal }) => rpc('listProductReports', { status }, { signal }),
    }),
  /** Orders found by reference, e-mail, phone, receipt or provider id. */
  orders: (q: string) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'orders', q],
      queryFn: ({ signal }) => rpc('findOrders', { q }, { signal }),
      enabled: q !== '',
    }),
  /** One order with its payment events. */
  order: (id: string) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'order', id],
      queryFn: ({ signal }) => rpc('getAdminOrder', { id }, { signal }),
    }),
  /** Where a failed payout can be sent again, its own destination first when it still can be. */
  retryDestinations: (payoutId: string) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'retry-destinations', payoutId],
      queryFn: ({ signal }) => rpc('listRetryDestinations', { payoutId }, { signal }),
    }),
  /** Every payout, filtered. */
  allPayouts: (filter: PayoutsFilter) =>
    infiniteQueryOptions({
      queryKey: [...adminQueries.all(), 'all-payouts', filter],
      queryFn: ({ pageParam, signal }) =>
        rpc('adminListPayouts', { ...filter, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
      initialPageParam: '',
      getNextPageParam: (last) => last.next ?? undefined,
    }),
}
