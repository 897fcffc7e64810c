import { createFileRoute } from '@tanstack/react-router'
import { FeaturesPage } from '../../features/marketing/MarketingPages'
import type { FeaturesPayload } from '../../features/marketing/types'
import { payloadQuery } from '../../lib/payload'

// Prerendered at build time (src/prerender.tsx); the words come from /features's _payload.json.
export const Route = createFileRoute('/_default/features')({
  loader: ({ context }) => context.queryClient.ensureQueryData(payloadQuery<FeaturesPayload>('/features')),
  component: () => <FeaturesPage data={Route.useLoaderData()} />,
})
