import { t } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MyProductsPage } from '../../../../features/catalog/seller/MyProductsPage'
import { authClient } from '../../../../lib/guard'

// Everything the seller sells, products and services together.
export const Route = createFileRoute('/_default/account/products/services')({
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: () => (
    <MyProductsPage
      kinds={['digital', 'merch', 'event', 'service']}
      heading={t`Your products and services`}
    />
  ),
})
