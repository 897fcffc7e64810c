import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../components/PlannedPage'

export const Route = createFileRoute('/_default/account/new-product')({
  component: () => <PlannedPage path="/account/new-product" />,
})
