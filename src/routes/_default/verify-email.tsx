import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../components/PlannedPage'

export const Route = createFileRoute('/_default/verify-email')({
  component: () => <PlannedPage path="/verify-email" />,
})
