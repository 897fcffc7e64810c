import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../../components/PlannedPage'

export const Route = createFileRoute('/_default/account/settings/profile')({
  component: () => <PlannedPage path="/account/settings/profile" />,
})
