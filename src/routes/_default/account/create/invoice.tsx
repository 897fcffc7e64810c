import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../../components/PlannedPage'

export const Route = createFileRoute('/_default/account/create/invoice')({
  component: () => <PlannedPage path="/account/create/invoice" />,
})
