import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ListState } from '../../components/ListState'
import { useSession } from '../../lib/session'
import { usePageTitle } from '../../lib/title'
import { AccountLinks } from './AccountLinks'
import { accountHomeQueries } from './account-home.queries'
import { BuyerHome } from './BuyerHome'
import { SellerDashboard } from './SellerDashboard'

/**
 * /account: where a signed-in person starts. A seller's dashboard, or a buyer's purchases and what is coming
 * up, from one query kept for offline (with how old it is); every other page of the account listed below.
 */
export function AccountHome() {
  usePageTitle('Your account')
  const { user } = useSession()
  const home = useQuery(accountHomeQueries.home())
  if (!user) return <p className="page">Loading…</p>
  const isSeller = user.roles.includes('seller')
  const data = home.data
  return (
    <section className="page account-home" aria-labelledby="account-heading">
      <h1 id="account-heading">Hello, {user.name}</h1>
      {!user.emailVerified ? (
        <p className="notice">
          Confirm your e-mail address: <Link to="/verify-email">see where we sent the link</Link>.
        </p>
      ) : null}
      <ListState list={home} what={isSeller ? 'your figures' : 'your purchases'} />
      {data?.role === 'seller' ? <SellerDashboard home={data} /> : null}
      {data?.role === 'buyer' ? <BuyerHome home={data} /> : null}
      <AccountLinks isSeller={isSeller} isAdmin={user.roles.includes('admin')} />
    </section>
  )
}
