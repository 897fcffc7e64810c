import { createFileRoute } from '@tanstack/react-router'
import { SalesPage } from '../../../features/checkout/SalesPage'
import { authClient } from '../../../lib/guard'

export const Route = createFileRoute('/_default/account/customers')({
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: SalesPage,
})
