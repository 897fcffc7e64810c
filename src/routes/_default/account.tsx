import { createFileRoute, Outlet } from '@tanstack/react-router'
import { authClient } from '../../lib/guard'
import { restoreForOffline } from '../../lib/offline-route'

/** The account area: every page in it needs a session (route guard `auth-client`), and reads offline. */
export const Route = createFileRoute('/_default/account')({
  beforeLoad: async ({ location, context }) => {
    await authClient({ href: location.href })
    await restoreForOffline(context.queryClient)
  },
  component: Outlet,
})
