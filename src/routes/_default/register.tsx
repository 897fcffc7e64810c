import { createFileRoute } from '@tanstack/react-router'
import { RegisterPage } from '../../features/accounts/RegisterPage'
import { redirectSearch } from '../../lib/guard'

export const Route = createFileRoute('/_default/register')({
  validateSearch: redirectSearch,
  component: RegisterPage,
})
