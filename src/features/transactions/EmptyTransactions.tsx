import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { SellerBooks } from '../../../contract/transactions.contract'
import { type TransactionsSearch, viewOf } from './transactions-search'
import type { Role } from './useTransactions'

/** What the page says when there is nothing to list: filters to clear, another currency, or how to start. */
export function EmptyTransactions({
  role,
  filtered,
  search,
  books,
}: {
  role: Role
  filtered: boolean
  search: TransactionsSearch
  books: SellerBooks | undefined
}) {
  // Books in a currency the seller never sold in, while others have entries.
  const other = books?.currencies.find((c) => c.currency !== books.currency)
  return (
    <div className="empty-state">
      {filtered ? (
        <p>
          <Trans>
            No transactions match these filters.{' '}
            <Link to="/account/transactions" search={viewOf(search)}>
              Clear the filters
            </Link>
            .
          </Trans>
        </p>
      ) : role === 'seller' && books && other ? (
        <p>
          <Trans>
            No transactions in {books.currency}.{' '}
            <Link to="/account/transactions" search={{ currency: other.currency }}>
              See your {other.currency} transactions
            </Link>
            .
          </Trans>
        </p>
      ) : role === 'seller' ? (
        <p>
          <Trans>
            No transactions yet. <Link to="/account/new-product">Add a product</Link> and share its page:
            sales show here as they come in.
          </Trans>
        </p>
      ) : (
        <p>
          <Trans>
            No transactions yet — <Link to="/explore">explore what creators sell</Link>.
          </Trans>
        </p>
      )}
    </div>
  )
}
