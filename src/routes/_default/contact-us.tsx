import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '../../features/marketing/ContactPage'
import type { ContactPayload } from '../../features/marketing/types'
import { payloadQuery } from '../../lib/payload'

// Prerendered at build time (src/prerender.tsx); the words come from /contact-us's _payload.json.
export const Route = createFileRoute('/_default/contact-us')({
  loader: ({ context }) => context.queryClient.ensureQueryData(payloadQuery<ContactPayload>('/contact-us')),
  component: () => <ContactPage data={Route.useLoaderData()} />,
})
