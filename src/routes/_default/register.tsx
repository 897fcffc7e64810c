import { createFileRoute } from '@tanstack/react-router'
import { RegisterPage } from '../../features/accounts/RegisterPage'

export const Route = createFileRoute('/_default/register')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: RegisterPage,
})
