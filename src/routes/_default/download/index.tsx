import { createFileRoute } from '@tanstack/react-router'
import { DownloadsPage } from '../../../features/checkout/PurchasesPage'
import { authClient } from '../../../lib/guard'
import { restoreForOffline } from '../../../lib/offline-route'

export const Route = createFileRoute('/_default/download/')({
  beforeLoad: async ({ location, context }) => {
    await authClient({ href: location.href })
    await restoreForOffline(context.queryClient)
  },
  component: DownloadsPage,
})
