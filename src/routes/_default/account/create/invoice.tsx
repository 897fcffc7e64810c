import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../../components/PlannedPage'
import { authClient } from '../../../../lib/guard'

export const Route = createFileRoute('/_default/account/create/invoice')({
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: () => <PlannedPage path="/account/create/invoice" />,
})
