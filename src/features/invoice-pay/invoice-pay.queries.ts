import { queryOptions } from '@tanstack/react-query'
import { rpc } from '../../lib/rpc'

/** How often a payment on its way is asked about: M-Pesa answers within seconds of the PIN. */
export const PAY_POLL_MS = 3000

/**
 * The client's pay page reads one invoice, with the key from its link. A payment on its way (`pending`)
 * is followed every few seconds until its provider answers (paused in a hidden tab, asked again on return).
 */
export const invoicePayQueries = {
  all: () => ['invoice-pay'] as const,
  invoice: (invoiceId: string, key: string) =>
    queryOptions({
      queryKey: [...invoicePayQueries.all(), invoiceId, key],
      queryFn: async ({ signal }) => (await rpc('getPayInvoice', { invoiceId, key }, { signal })).invoice,
      // The route's loader has just asked: the page does not ask again as it mounts.
      staleTime: 5_000,
      refetchInterval: (query) => (query.state.data?.pending ? PAY_POLL_MS : false),
    }),
}
