import { createFileRoute } from '@tanstack/react-router'
import { WithdrawPage } from '../../../features/payouts/WithdrawPage'

export const Route = createFileRoute('/_default/account/withdraw')({
  component: WithdrawPage,
})
