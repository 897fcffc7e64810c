import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../../features/marketing/MarketingPages'
import type { HomePayload } from '../../features/marketing/types'
import { payloadQuery } from '../../lib/payload'

// Rendered by the server with its data (server/web/storefront.ts): the build's words and the products of
// the moment, from /_payload.json. The build also prerenders the words alone (src/prerender.tsx).
export const Route = createFileRoute('/_default/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(payloadQuery<HomePayload>('/')),
  component: () => <HomePage data={Route.useLoaderData()} />,
})
