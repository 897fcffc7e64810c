import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../components/PlannedPage'

export const Route = createFileRoute('/_default/account/transactions')({
  component: () => <PlannedPage path="/account/transactions" />,
})
