import { createFileRoute } from '@tanstack/react-router'
import type { CreatorPage as CreatorData } from '../../../../contract/storefront'
import { CreatorPage } from '../../../features/catalog/CreatorPages'
import { payloadQuery } from '../../../lib/payload'

export const Route = createFileRoute('/_default/creators/$handle')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(payloadQuery<CreatorData>(`/creators/${params.handle}`, '', 60_000)),
  component: () => <CreatorPage data={Route.useLoaderData()} />,
})
