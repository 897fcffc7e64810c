import { createFileRoute } from '@tanstack/react-router'
import { PricingPage } from '../../features/marketing/MarketingPages'
import type { PricingPayload } from '../../features/marketing/types'
import { payloadQuery } from '../../lib/payload'

// Prerendered at build time (src/prerender.tsx); the words come from /pricing's _payload.json.
export const Route = createFileRoute('/_default/pricing')({
  loader: ({ context }) => context.queryClient.ensureQueryData(payloadQuery<PricingPayload>('/pricing')),
  component: () => <PricingPage data={Route.useLoaderData()} />,
})
