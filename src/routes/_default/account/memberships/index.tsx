import { createFileRoute } from '@tanstack/react-router'
import { MembershipsPage } from '../../../../features/checkout/MembershipsPage'

export const Route = createFileRoute('/_default/account/memberships/')({
  component: MembershipsPage,
})
