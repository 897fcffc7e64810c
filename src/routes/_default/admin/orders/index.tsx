import { createFileRoute } from '@tanstack/react-router'
import { validateQuerySearch } from '../../../../features/admin/admin-search'
import { OrdersPage } from '../../../../features/admin/OrdersPage'

export const Route = createFileRoute('/_default/admin/orders/')({
  validateSearch: validateQuerySearch,
  component: OrdersPage,
})
