import { Link } from '@tanstack/react-router'
import { useSession } from '../../lib/session'
import { usePageTitle } from '../../lib/title'

/** /account: where a signed-in person starts; what is in it grows with each area. */
export function AccountHome() {
  usePageTitle('Your account')
  const { user } = useSession()
  if (!user) return <p className="page">Loading…</p>
  const isSeller = user.roles.includes('seller')
  return (
    <section className="page" aria-labelledby="account-heading">
      <h1 id="account-heading">Hello, {user.name}</h1>
      {!user.emailVerified ? (
        <p className="notice">
          Confirm your e-mail address: <Link to="/verify-email">see where we sent the link</Link>.
        </p>
      ) : null}
      <nav aria-label="Your account" className="link-grid">
        <Link to="/account/purchases">Purchases</Link>
        <Link to="/downloads">Downloads</Link>
        <Link to="/account/transactions">Transactions</Link>
        <Link to="/account/settings">Settings</Link>
        <Link to="/account/settings/profile">Profile</Link>
        {isSeller ? (
          <>
            <Link to="/account/new-product">Add a product</Link>
            <Link to="/account/products">Your products</Link>
            <Link to="/account/bookings">Bookings</Link>
            <Link to="/account/check-in">Check-in</Link>
            <Link to="/account/customers">Customers</Link>
            <Link to="/account/invoices">Invoices</Link>
            <Link to="/account/withdraw">Withdraw</Link>
            <Link to="/account/verify">Verify your identity</Link>
          </>
        ) : (
          <Link to="/register">Start selling</Link>
        )}
        {user.roles.includes('admin') ? <Link to="/admin">Admin</Link> : null}
      </nav>
    </section>
  )
}
