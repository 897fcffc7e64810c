import { createFileRoute } from '@tanstack/react-router'
import { editorKey, ProductEditor } from '../../../../features/catalog/seller/ProductEditor'
import { authClient } from '../../../../lib/guard'

// Digital products, events (kind=event) and memberships (kind=membership) are made here; ?id= edits one.
export const Route = createFileRoute('/_default/account/create/product')({
  validateSearch: (
    search: Record<string, unknown>,
  ): { kind?: 'digital' | 'event' | 'membership'; id?: string } => ({
    ...(search.kind === 'event' || search.kind === 'digital' || search.kind === 'membership'
      ? { kind: search.kind }
      : {}),
    ...(typeof search.id === 'string' ? { id: search.id } : {}),
  }),
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: function CreateProduct() {
    const { kind = 'digital', id } = Route.useSearch()
    return <ProductEditor key={editorKey(kind, id)} kind={kind} id={id} />
  },
})
