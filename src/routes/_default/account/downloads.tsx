import { createFileRoute } from '@tanstack/react-router'
import { DownloadsPage } from '../../../features/checkout/PurchasesPage'

export const Route = createFileRoute('/_default/account/downloads')({
  component: DownloadsPage,
})
