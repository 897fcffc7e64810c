import { createFileRoute } from '@tanstack/react-router'
import { AccountHome } from '../../../features/account-home/AccountHome'
import { accountHomeQueries } from '../../../features/account-home/account-home.queries'

export const Route = createFileRoute('/_default/account/')({
  // Asked for while the page's code loads; the page reads the same query (offline, from the kept copy).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(accountHomeQueries.home())
  },
  component: AccountHome,
})
