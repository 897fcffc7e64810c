import { createFileRoute } from '@tanstack/react-router'
import { InvoicesPage } from '../../../../features/invoices/InvoicesPage'
import { validateInvoicesSearch } from '../../../../features/invoices/invoices-search'
import { authClient } from '../../../../lib/guard'

// The filters live in the URL (?status=&client=&from=&to=), so a view can be reloaded and shared.
export const Route = createFileRoute('/_default/account/invoices/')({
  validateSearch: validateInvoicesSearch,
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: InvoicesPage,
})
