import { createFileRoute, Outlet } from '@tanstack/react-router'
import { authClient } from '../../lib/guard'

/** The account area: every page in it needs a session (route guard `auth-client`). */
export const Route = createFileRoute('/_default/account')({
  beforeLoad: ({ location }) => authClient({ href: location.href }),
  component: Outlet,
})
