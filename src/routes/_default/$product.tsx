import { createFileRoute } from '@tanstack/react-router'
import type { ProductPage as ProductData } from '../../../contract/storefront'
import { ProductPage } from '../../features/catalog/ProductPage'
import { payloadQuery } from '../../lib/payload'

// The server puts the product into the first HTML (and its share card into the head); later visits read
// /{slug}/_payload.json, revalidated by ETag. A missing product is the 404 page, with a 404 status.
export const Route = createFileRoute('/_default/$product')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(payloadQuery<ProductData>(`/${params.product}`, '', 60_000)),
  component: () => <ProductPage data={Route.useLoaderData()} />,
})
