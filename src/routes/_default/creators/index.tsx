import { createFileRoute } from '@tanstack/react-router'
import type { CreatorsPage as CreatorsData } from '../../../../contract/storefront'
import { CreatorsPage } from '../../../features/catalog/CreatorPages'
import { payloadQuery } from '../../../lib/payload'

export const Route = createFileRoute('/_default/creators/')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = Math.floor(Number(search.page))
    return page > 1 ? { page } : {}
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(
      payloadQuery<CreatorsData>('/creators', deps.page ? `page=${deps.page}` : '', 60_000),
    ),
  component: function Creators() {
    const navigate = Route.useNavigate()
    return (
      <CreatorsPage
        data={Route.useLoaderData()}
        onPage={(page) => navigate({ search: page > 1 ? { page } : {} })}
      />
    )
  },
})
