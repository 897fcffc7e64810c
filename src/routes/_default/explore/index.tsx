import { createFileRoute } from '@tanstack/react-router'
import type { ExplorePage as ExploreData } from '../../../../contract/storefront'
import { ExplorePage } from '../../../features/catalog/ExplorePage'
import { exploreSearchString, validateExploreSearch } from '../../../features/catalog/explore-search'
import { payloadQuery } from '../../../lib/payload'

export const Route = createFileRoute('/_default/explore/')({
  validateSearch: validateExploreSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(
      payloadQuery<ExploreData>('/explore', exploreSearchString(deps), 30_000),
    ),
  component: function Explore() {
    return <ExplorePage data={Route.useLoaderData()} query={Route.useSearch()} />
  },
})
