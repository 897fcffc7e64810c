import { createFileRoute } from '@tanstack/react-router'
import { DevelopersPage } from '../../../features/developers/DevelopersPage'
import { authClient } from '../../../lib/guard'

export const Route = createFileRoute('/_default/account/developers')({
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: DevelopersPage,
})
