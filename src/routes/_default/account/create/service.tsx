import { createFileRoute } from '@tanstack/react-router'
import { editorKey, ProductEditor } from '../../../../features/catalog/seller/ProductEditor'
import { authClient } from '../../../../lib/guard'

export const Route = createFileRoute('/_default/account/create/service')({
  validateSearch: (search: Record<string, unknown>): { id?: string } =>
    typeof search.id === 'string' ? { id: search.id } : {},
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: function Create() {
    const { id } = Route.useSearch()
    return <ProductEditor key={editorKey('service', id)} kind="service" id={id} />
  },
})
