import { createFileRoute, notFound } from '@tanstack/react-router'
import type { ProductPage as ProductData } from '../../../../contract/storefront'
import { BookPage } from '../../../features/catalog/BookPage'
import { payloadQuery } from '../../../lib/payload'

export const Route = createFileRoute('/_default/book/$slug')({
  // A missing product, a suspended seller's or one that is not a service: the 404 page, as the server says.
  loader: async ({ context, params }) => {
    const data = await context.queryClient.ensureQueryData(
      payloadQuery<ProductData>(`/${params.slug}`, '', 60_000),
    )
    if (data.product.kind !== 'service') throw notFound()
    return data
  },
  component: () => <BookPage data={Route.useLoaderData()} />,
})
