import { createFileRoute } from '@tanstack/react-router'
import { InvoiceEditorPage } from '../../../../features/invoices/InvoiceEditorPage'
import { authClient } from '../../../../lib/guard'

// A new invoice (?client={key} addressed to a client of the book); ?invoice={id} edits one on Soko,
// ?draft={draftKey} one kept on this device.
export const Route = createFileRoute('/_default/account/create/invoice')({
  validateSearch: (
    search: Record<string, unknown>,
  ): { invoice?: string; draft?: string; client?: string } => ({
    ...(typeof search.invoice === 'string' ? { invoice: search.invoice } : {}),
    ...(typeof search.draft === 'string' ? { draft: search.draft } : {}),
    ...(typeof search.client === 'string' ? { client: search.client } : {}),
  }),
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: function CreateInvoice() {
    const { invoice, draft, client } = Route.useSearch()
    return (
      <InvoiceEditorPage
        key={invoice ?? draft ?? client ?? 'new'}
        invoiceId={invoice}
        draftKey={draft}
        clientKey={client}
      />
    )
  },
})
