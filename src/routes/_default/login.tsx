import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../../features/accounts/LoginPage'

export const Route = createFileRoute('/_default/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: LoginPage,
})
