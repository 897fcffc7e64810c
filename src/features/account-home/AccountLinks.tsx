import { Link } from '@tanstack/react-router'

/** Every place the account leads to, as a compact list under the dashboard. */
export function AccountLinks({ isSeller, isAdmin }: { isSeller: boolean; isAdmin: boolean }) {
  return (
    <nav aria-labelledby="account-links-heading" className="home-links">
      <h2 id="account-links-heading">Your account</h2>
      <ul>
        <li>
          <Link to="/account/purchases">Purchases</Link>
        </li>
        <li>
          <Link to="/downloads">Downloads</Link>
        </li>
        <li>
          <Link to="/account/transactions">Transactions</Link>
        </li>
        {isSeller ? (
          <>
            <li>
              <Link to="/account/new-product">Add a product</Link>
            </li>
            <li>
              <Link to="/account/products">Your products</Link>
            </li>
            <li>
              <Link to="/account/bookings">Bookings</Link>
            </li>
            <li>
              <Link to="/account/check-in">Check-in</Link>
            </li>
            <li>
              <Link to="/account/customers">Customers</Link>
            </li>
            <li>
              <Link to="/account/invoices">Invoices</Link>
            </li>
            <li>
              <Link to="/account/withdraw">Withdraw</Link>
            </li>
            <li>
              <Link to="/account/verify">Verify your identity</Link>
            </li>
          </>
        ) : (
          <li>
            <Link to="/register">Start selling</Link>
          </li>
        )}
        <li>
          <Link to="/account/settings">Settings</Link>
        </li>
        <li>
          <Link to="/account/settings/profile">Profile</Link>
        </li>
        {isAdmin ? (
          <li>
            <Link to="/admin">Admin</Link>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
