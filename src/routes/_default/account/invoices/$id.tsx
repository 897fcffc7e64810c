import { createFileRoute, notFound } from '@tanstack/react-router'
import { paramHasShape } from '../../../../../contract/routes'
import { InvoicePage } from '../../../../features/invoices/InvoicePage'
import { authClient } from '../../../../lib/guard'

export const Route = createFileRoute('/_default/account/invoices/$id')({
  // An address that cannot name an invoice is the 404 page for anyone, as the server answers it.
  beforeLoad: ({ location, params }) => {
    if (!paramHasShape('/account/invoices/$id', params.id)) throw notFound()
    return authClient({ href: location.href, role: 'seller' })
  },
  component: function Invoice() {
    const { id } = Route.useParams()
    return <InvoicePage key={id} id={id} />
  },
})
