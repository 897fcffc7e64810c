import { createFileRoute } from '@tanstack/react-router'
import { PurchasesPage } from '../../../features/checkout/PurchasesPage'

export const Route = createFileRoute('/_default/account/purchases')({
  component: PurchasesPage,
})
