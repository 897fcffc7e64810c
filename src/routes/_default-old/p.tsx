import { createFileRoute, notFound } from '@tanstack/react-router'
import { FindInvoice } from '../../features/invoice-pay/FindInvoice'
import { InvoicePayLoading } from '../../features/invoice-pay/InvoicePayLoading'
import { InvoicePayPage } from '../../features/invoice-pay/InvoicePayPage'
import { invoicePayQueries } from '../../features/invoice-pay/invoice-pay.queries'
import { RpcError } from '../../lib/rpc'

/**
 * `?invoice={id}&key={key}`: the client's pay page for an invoice, opened from the link in the seller's
 * mail or SMS, and where the card and PayPal pages send the client back. A missing or wrong key (the server
 * answers 404, or 400 for a link cut short) is the app's 404 page; no connection is the offline page.
 * With neither (`/p` alone), the page to find an invoice by its number and where it was sent.
 */
export const Route = createFileRoute('/_default-old/p')({
  validateSearch: (search: Record<string, unknown>): { invoice?: string; key?: string } => ({
    ...(typeof search.invoice === 'string' && search.invoice ? { invoice: search.invoice } : {}),
    ...(typeof search.key === 'string' && search.key ? { key: search.key } : {}),
  }),
  loaderDeps: ({ search }) => ({ invoice: search.invoice, key: search.key }),
  loader: async ({ context, deps }) => {
    if (!deps.invoice && !deps.key) return
    if (!deps.invoice || !deps.key) throw notFound()
    try {
      await context.queryClient.ensureQueryData(invoicePayQueries.invoice(deps.invoice, deps.key))
    } catch (error) {
      if (error instanceof RpcError && (error.status === 400 || error.status === 404)) throw notFound()
      throw error
    }
  },
  pendingComponent: InvoicePayLoading,
  component: function PayPage() {
    const { invoice, key } = Route.useSearch()
    return invoice && key ? <InvoicePayPage invoiceId={invoice} accessKey={key} /> : <FindInvoice />
  },
})
