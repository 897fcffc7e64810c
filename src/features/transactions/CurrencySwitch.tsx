import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import type { SellerBalance, SellerBooks } from '../../../contract/transactions.contract'
import { formatMoney } from '../../lib/money'
import type { TransactionsSearch } from './transactions-search'

/**
 * A seller is owed in each currency they sell in (a sale is owed in its product's currency): one chip per
 * currency with its balance, the books' own first. One currency needs no switch.
 */
export function CurrencySwitch({ books, search }: { books: SellerBooks; search: TransactionsSearch }) {
  const id = useId()
  const listed: SellerBalance[] = books.currencies.some((c) => c.currency === books.currency)
    ? books.currencies
    : [...books.currencies, { currency: books.currency, available: 0, held: 0, nextAvailableAt: null }]
  if (listed.length < 2) return null
  return (
    <nav aria-labelledby={`${id}-heading`} className="currency-switch">
      <h2 id={`${id}-heading`} className="currency-switch-heading">
        <Trans>Balance by currency</Trans>
      </h2>
      <div className="chips">
        {listed.map(({ currency, available, held }) => (
          <Link
            key={currency}
            to="/account/transactions"
            search={{ ...search, currency }}
            className="chip"
            data-status={currency === books.currency ? 'active' : undefined}
            aria-current={currency === books.currency ? 'page' : undefined}
          >
            {formatMoney(available + held, currency)}
          </Link>
        ))}
      </div>
    </nav>
  )
}
