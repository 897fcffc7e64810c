import { createFileRoute } from '@tanstack/react-router'
import type { ProductPage as ProductData } from '../../../../contract/storefront'
import { BookPage } from '../../../features/catalog/BookPage'
import { payloadQuery } from '../../../lib/payload'

export const Route = createFileRoute('/_default/book/$slug')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(payloadQuery<ProductData>(`/${params.slug}`, '', 60_000)),
  component: () => <BookPage data={Route.useLoaderData()} />,
})
