import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../../components/PlannedPage'

export const Route = createFileRoute('/_default/account/products/services')({
  component: () => <PlannedPage path="/account/products/services" />,
})
