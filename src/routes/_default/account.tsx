import { createFileRoute, Outlet } from '@tanstack/react-router'
import { authClient } from '../../lib/guard'
import { notFoundUnlessPage } from '../../lib/not-found'
import { restoreForOffline } from '../../lib/offline-route'

/** The account area: every page in it needs a session (route guard `auth-client`), and reads offline. */
export const Route = createFileRoute('/_default/account')({
  beforeLoad: async ({ location, context }) => {
    // A path that is no page is the 404 page for anyone, signed in or not (as the server answers it).
    notFoundUnlessPage(location.pathname)
    await authClient({ href: location.href })
    await restoreForOffline(context.queryClient)
  },
  component: Outlet,
})
