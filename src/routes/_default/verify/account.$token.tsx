import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../components/PlannedPage'

export const Route = createFileRoute('/_default/verify/account/$token')({
  component: () => <PlannedPage path="/verify/account/$token" />,
})
