import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

/** Every place the account leads to, as a compact list under the dashboard. */
export function AccountLinks({ isSeller, isAdmin }: { isSeller: boolean; isAdmin: boolean }) {
  return (
    <nav aria-labelledby="account-links-heading" className="home-links">
      <h2 id="account-links-heading">
        <Trans>Your account</Trans>
      </h2>
      <ul>
        <li>
          <Link to="/account/purchases">
            <Trans>Purchases</Trans>
          </Link>
        </li>
        <li>
          <Link to="/downloads">
            <Trans>Downloads</Trans>
          </Link>
        </li>
        <li>
          <Link to="/account/transactions">
            <Trans>Transactions</Trans>
          </Link>
        </li>
        {isSeller ? (
          <>
            <li>
              <Link to="/account/new-product">
                <Trans>Add a product</Trans>
              </Link>
            </li>
            <li>
              <Link to="/account/products">
                <Trans>Your products</Trans>
              </Link>
            </li>
            <li>
              <Link to="/account/bookings">
                <Trans>Bookings</Trans>
              </Link>
            </li>
            <li>
              <Link to="/account/check-in">
                <Trans>Check-in</Trans>
              </Link>
            </li>
            <li>
              <Link to="/account/customers">
                <Trans>Customers</Trans>
              </Link>
            </li>
            <li>
              <Link to="/account/invoices">
                <Trans>Invoices</Trans>
              </Link>
            </li>
            <li>
              <Link to="/account/withdraw">
                <Trans>Withdraw</Trans>
              </Link>
            </li>
            <li>
              <Link to="/account/verify">
                <Trans>Verify your identity</Trans>
              </Link>
            </li>
          </>
        ) : (
          <li>
            <Link to="/register">
              <Trans>Start selling</Trans>
            </Link>
          </li>
        )}
        <li>
          <Link to="/account/settings">
            <Trans>Settings</Trans>
          </Link>
        </li>
        <li>
          <Link to="/account/settings/profile">
            <Trans>Profile</Trans>
          </Link>
        </li>
        {isAdmin ? (
          <li>
            <Link to="/admin">
              <Trans>Admin</Trans>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
