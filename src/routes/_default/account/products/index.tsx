import { t } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MyProductsPage } from '../../../../features/catalog/seller/MyProductsPage'
import { authClient } from '../../../../lib/guard'

export const Route = createFileRoute('/_default/account/products/')({
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: () => (
    <MyProductsPage kinds={['digital', 'merch', 'event']} heading={t`Your products`} bundles />
  ),
})
