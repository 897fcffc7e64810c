import { Trans, useLingui } from '@lingui/react/macro'
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
  const { t } = useLingui()
  usePageTitle(t`Your account`)
  const { user } = useSession()
  const home = useQuery(accountHomeQueries.home())
  if (!user)
    return (
      <p className="page">
        <Trans>Loading…</Trans>
      </p>
    )
  const name = user.name
  const isSeller = user.roles.includes('seller')
  const data = home.data
  return (
    <section className="page account-home" aria-labelledby="account-heading">
      <h1 id="account-heading">
        <Trans>Hello, {name}</Trans>
      </h1>
      {!user.emailVerified ? (
        <p className="notice">
          <Trans>
            Confirm your e-mail address: <Link to="/verify-email">see where we sent the link</Link>.
          </Trans>
        </p>
      ) : null}
      <ListState list={home} what={isSeller ? t`your figures` : t`your purchases`} />
      {data?.role === 'seller' ? <SellerDashboard home={data} /> : null}
      {data?.role === 'buyer' ? <BuyerHome home={data} /> : null}
      <AccountLinks isSeller={isSeller} isAdmin={user.roles.includes('admin')} />
    </section>
  )
}
