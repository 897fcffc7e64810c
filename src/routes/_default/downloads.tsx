import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../components/PlannedPage'
import { authClient } from '../../lib/guard'

export const Route = createFileRoute('/_default/downloads')({
  beforeLoad: ({ location }) => authClient({ href: location.href }),
  component: () => <PlannedPage path="/downloads" />,
})
