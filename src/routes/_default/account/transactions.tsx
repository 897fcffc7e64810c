import { createFileRoute } from '@tanstack/react-router'
import { TransactionsPage } from '../../../features/transactions/TransactionsPage'
import { validateTransactionsSearch } from '../../../features/transactions/transactions-search'

// The filters live in the URL (?from=&to=&kind=&method=&as=&currency=), so a view can be reloaded and shared.
export const Route = createFileRoute('/_default/account/transactions')({
  validateSearch: validateTransactionsSearch,
  component: TransactionsPage,
})
