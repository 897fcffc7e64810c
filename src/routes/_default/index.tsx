import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../../features/marketing/MarketingPages'
import type { HomePayload } from '../../features/marketing/types'
import { payloadQuery } from '../../lib/payload'

// Prerendered at build time (src/prerender.tsx); the words come from /'s _payload.json.
export const Route = createFileRoute('/_default/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(payloadQuery<HomePayload>('/')),
  component: () => <HomePage data={Route.useLoaderData()} />,
})
