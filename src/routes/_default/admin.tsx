import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AdminGate } from '../../features/admin/AdminGate'
import { authClient } from '../../lib/guard'

export const Route = createFileRoute('/_default/admin')({
  beforeLoad: ({ location }) => authClient({ href: location.href }),
  component: () => (
    <AdminGate>
      <Outlet />
    </AdminGate>
  ),
})
