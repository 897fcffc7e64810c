import { createFileRoute } from '@tanstack/react-router'
import { InvitePage } from '../../features/accounts/InvitePage'

export const Route = createFileRoute('/_default/invite')({
  validateSearch: (search: Record<string, unknown>): { code?: string } =>
    typeof search.code === 'string' ? { code: search.code } : {},
  component: InvitePage,
})
