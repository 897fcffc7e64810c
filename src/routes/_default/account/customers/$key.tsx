import { createFileRoute, notFound } from '@tanstack/react-router'
import { paramHasShape } from '../../../../../contract/routes'
import { CustomerPage } from '../../../../features/customers/CustomerPage'
import { authClient } from '../../../../lib/guard'

// `$key` is how the client book names a person: `e:{e-mail}` or `p:{phone}`.
export const Route = createFileRoute('/_default/account/customers/$key')({
  // An address that is no client-book key is the 404 page for anyone, as the server answers it.
  beforeLoad: ({ location, params }) => {
    if (!paramHasShape('/account/customers/$key', params.key)) throw notFound()
    return authClient({ href: location.href, role: 'seller' })
  },
  component: function Customer() {
    const { key } = Route.useParams()
    return <CustomerPage key={key} customerKey={key} />
  },
})
