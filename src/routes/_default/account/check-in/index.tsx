import { createFileRoute } from '@tanstack/react-router'
import { CheckInEventsPage } from '../../../../features/tickets/CheckInEventsPage'
import { authClient } from '../../../../lib/guard'

export const Route = createFileRoute('/_default/account/check-in/')({
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: CheckInEventsPage,
})
