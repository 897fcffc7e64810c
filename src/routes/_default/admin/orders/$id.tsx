import { createFileRoute } from '@tanstack/react-router'
import { AdminOrderPage } from '../../../../features/admin/OrdersPage'

export const Route = createFileRoute('/_default/admin/orders/$id')({
  component: function Order() {
    const { id } = Route.useParams()
    return <AdminOrderPage key={id} id={id} />
  },
})
