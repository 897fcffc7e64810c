import { createFileRoute } from '@tanstack/react-router'
import { NewProductPage } from '../../../features/catalog/seller/NewProductPage'
import { authClient } from '../../../lib/guard'

export const Route = createFileRoute('/_default/account/new-product')({
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: NewProductPage,
})
