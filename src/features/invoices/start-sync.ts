import type { QueryClient } from '@tanstack/react-query'
import { startSyncing } from './invoice-sync'
import { invoicesQueries } from './invoices.queries'

/**
 * Starts sending the invoices kept on this device (invoice-sync.ts), refreshing the invoices' queries
 * after each run that changed something. main.tsx loads this for sellers at start; the invoice pages call
 * it too (a seller who signs in later). Calling it again does nothing.
 */
export function startInvoiceSync(queryClient: QueryClient) {
  startSyncing(() => queryClient.invalidateQueries({ queryKey: invoicesQueries.all() }))
}
