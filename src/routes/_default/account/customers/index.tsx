import { createFileRoute } from '@tanstack/react-router'
import { CustomersPage } from '../../../../features/customers/CustomersPage'
import { validateCustomersSearch } from '../../../../features/customers/customers-search'
import { authClient } from '../../../../lib/guard'

// The view and filters live in the URL (?view=orders, ?q=&sort=&product=&over=&currency=&before=), so a
// view can be reloaded and shared.
export const Route = createFileRoute('/_default/account/customers/')({
  validateSearch: validateCustomersSearch,
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: CustomersPage,
})
