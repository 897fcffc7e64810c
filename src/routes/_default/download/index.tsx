import { createFileRoute } from '@tanstack/react-router'
import { DownloadsPage } from '../../../features/checkout/PurchasesPage'
import { authClient } from '../../../lib/guard'

export const Route = createFileRoute('/_default/download/')({
  beforeLoad: ({ location }) => authClient({ href: location.href }),
  component: DownloadsPage,
})
