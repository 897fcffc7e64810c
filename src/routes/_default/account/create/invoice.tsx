import { createFileRoute } from '@tanstack/react-router'
import { InvoiceEditorPage } from '../../../../features/invoices/InvoiceEditorPage'
import { authClient } from '../../../../lib/guard'

// A new invoice; ?invoice={id} edits one on Soko, ?draft={draftKey} one kept on this device.
export const Route = createFileRoute('/_default/account/create/invoice')({
  validateSearch: (search: Record<string, unknown>): { invoice?: string; draft?: string } => ({
    ...(typeof search.invoice === 'string' ? { invoice: search.invoice } : {}),
    ...(typeof search.draft === 'string' ? { draft: search.draft } : {}),
  }),
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: function CreateInvoice() {
    const { invoice, draft } = Route.useSearch()
    return <InvoiceEditorPage key={invoice ?? draft ?? 'new'} invoiceId={invoice} draftKey={draft} />
  },
})
