import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../../features/accounts/LoginPage'
import { redirectSearch } from '../../lib/guard'

export const Route = createFileRoute('/_default/login')({
  validateSearch: redirectSearch,
  component: LoginPage,
})
