import { createFileRoute } from '@tanstack/react-router'
import { PayoutsPage } from '../../../features/admin/PayoutsPage'

export const Route = createFileRoute('/_default/admin/payouts')({ component: PayoutsPage })
