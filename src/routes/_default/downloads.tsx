import { createFileRoute } from '@tanstack/react-router'
import { DownloadsPage } from '../../features/checkout/PurchasesPage'
import { authClient } from '../../lib/guard'

export const Route = createFileRoute('/_default/downloads')({
  beforeLoad: ({ location }) => authClient({ href: location.href }),
  component: DownloadsPage,
})
