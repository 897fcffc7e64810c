import { createFileRoute } from '@tanstack/react-router'
import { MembersPage } from '../../../features/catalog/seller/MembersPage'
import { authClient } from '../../../lib/guard'

export const Route = createFileRoute('/_default/account/members')({
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: MembersPage,
})
