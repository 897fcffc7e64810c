import { createFileRoute } from '@tanstack/react-router'
import { CustomerPage } from '../../../../features/customers/CustomerPage'
import { authClient } from '../../../../lib/guard'

// `$key` is how the client book names a person: `e:{e-mail}` or `p:{phone}`.
export const Route = createFileRoute('/_default/account/customers/$key')({
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: function Customer() {
    const { key } = Route.useParams()
    return <CustomerPage key={key} customerKey={key} />
  },
})
