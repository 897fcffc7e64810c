import { createFileRoute } from '@tanstack/react-router'
import { VerifyPhonePage } from '../../../features/accounts/VerifyPages'
import { authClient } from '../../../lib/guard'

export const Route = createFileRoute('/_default/verify/')({
  beforeLoad: ({ location }) => authClient({ href: location.href }),
  component: VerifyPhonePage,
})
