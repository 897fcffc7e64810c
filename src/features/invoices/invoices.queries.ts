import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { persisted } from '../../lib/persisted'
import { rpc } from '../../lib/rpc'
import { waitingInvoice, waitingInvoices } from './invoice-sync'
import type { InvoiceFilters } from './invoices-search'

/** How often an invoice with money on its way is asked about again. */
const FOLLOW_MS = 5000

/**
 * What the invoice pages read. Everything sits under `all()`, so a change to any invoice (a save, a send, a
 * payment recorded, a draft synced) refreshes the list and the invoice with it. The list and each invoice
 * are kept to read offline; the invoices waiting on this device are read from IndexedDB, network or not.
 */
export const invoicesQueries = {
  all: () => ['invoices'] as const,
  list: (filters: InvoiceFilters) =>
    infiniteQueryOptions({
      queryKey: [...invoicesQueries.all(), 'list', filters],
      queryFn: ({ pageParam, signal }) =>
        rpc('listInvoices', { ...filters, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      meta: persisted,
    }),
  one: (invoiceId: string) =>
    queryOptions({
      queryKey: [...invoicesQueries.all(), 'one', invoiceId],
      queryFn: async ({ signal }) => (await rpc('getInvoice', { invoiceId }, { signal })).invoice,
      meta: persisted,
      // Followed while money is moving: a client's payment on its way, or an excess being given back.
      refetchInterval: (query) =>
        query.state.data?.payments.some((p) => p.status === 'pending' || p.excessRefund?.status === 'pending')
          ? FOLLOW_MS
          : false,
    }),
  /** People the seller billed or sold to whose name holds `query`: the editor's suggestions. */
  clients: (query: string) =>
    queryOptions({
      queryKey: [...invoicesQueries.all(), 'clients', query],
      queryFn: async ({ signal }) => (await rpc('listInvoiceClients', { query }, { signal })).clients,
      staleTime: 60_000,
    }),
  /** Invoices written offline on this device, waiting to be sent to Soko. */
  waiting: () =>
    queryOptions({
      queryKey: [...invoicesQueries.all(), 'waiting'],
      queryFn: waitingInvoices,
      networkMode: 'always',
    }),
  waitingOne: (draftKey: string) =>
    queryOptions({
      queryKey: [...invoicesQueries.all(), 'waiting', draftKey],
      queryFn: () => waitingInvoice(draftKey),
      networkMode: 'always',
    }),
}
