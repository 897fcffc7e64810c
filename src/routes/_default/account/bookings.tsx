import { createFileRoute } from '@tanstack/react-router'
import { AgendaPage } from '../../../features/bookings/AgendaPage'
import { authClient } from '../../../lib/guard'

// ?when=past shows the bookings behind; upcoming ones by default.
export const Route = createFileRoute('/_default/account/bookings')({
  validateSearch: (search: Record<string, unknown>): { when?: 'past' } =>
    search.when === 'past' ? { when: 'past' } : {},
  beforeLoad: ({ location }) => authClient({ href: location.href, role: 'seller' }),
  component: AgendaPage,
})
