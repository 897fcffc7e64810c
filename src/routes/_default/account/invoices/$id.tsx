import { createFileRoute } from '@tanstack/react-router'
import { InvoicePage } from '../../../../features/invoices/InvoicePage'
import { authClient } from '../../../../lib/guard'

export const Route = createFileRoute('/_default/account/invoices/$id')({
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: function Invoice() {
    const { id } = Route.useParams()
    return <InvoicePage key={id} id={id} />
  },
})
