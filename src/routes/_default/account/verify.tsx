import { createFileRoute } from '@tanstack/react-router'
import { IdentityPage } from '../../../features/accounts/IdentityPage'
import { authClient } from '../../../lib/guard'

export const Route = createFileRoute('/_default/account/verify')({
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: IdentityPage,
})
