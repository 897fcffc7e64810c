import { createFileRoute } from '@tanstack/react-router'
import { CheckInPage } from '../../../../features/tickets/CheckInPage'
import { authClient } from '../../../../lib/guard'

export const Route = createFileRoute('/_default/account/check-in/$eventId')({
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: function CheckIn() {
    const { eventId } = Route.useParams()
    return <CheckInPage key={eventId} eventId={eventId} />
  },
})
