import { createFileRoute } from '@tanstack/react-router'
import { DiscountsPage } from '../../../features/discounts/DiscountsPage'
import { authClient } from '../../../lib/guard'

export const Route = createFileRoute('/_default/account/discounts')({
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: DiscountsPage,
})
