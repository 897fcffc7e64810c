import { Link } from '@tanstack/react-router'
import type { SellerBooks } from '../../../contract/transactions.contract'
import { formatMoney } from '../../lib/money'
import { EarningsChart } from './EarningsChart'
import { dateTimeText } from './transactions-format'

/** Balances, the period's totals and the last 30 days, from the first page (every page has them). */
export function SellerSummary({ books, filtered }: { books: SellerBooks; filtered: boolean }) {
  const { currency, summary } = books
  const money = (amount: number) => formatMoney(amount, currency)
  /** Money out, as a negative amount (and a plain zero, not `-0`). */
  const out = (amount: number) => money(amount === 0 ? 0 : -amount)
  const { totals } = summary
  return (
    <>
      <section aria-labelledby="balance-heading">
        <h2 id="balance-heading" className="visually-hidden">
          Balance in {currency}
        </h2>
        <div className="balance-cards">
          <div className="card balance-card">
            <p className="balance-label">Available</p>
            <p className="balance-amount">{money(summary.available)}</p>
            <p className="muted">
              {summary.available > 0 ? (
                <Link to="/account/withdraw">Withdraw</Link>
              ) : (
                'New sales become available once their hold ends.'
              )}
            </p>
          </div>
          <div className="card balance-card">
            <p className="balance-label">Held</p>
            <p className="balance-amount">{money(summary.held)}</p>
            <p className="muted">
              {summary.nextAvailableAt
                ? `Next available ${dateTimeText(summary.nextAvailableAt)}`
                : 'Nothing held right now.'}
            </p>
          </div>
        </div>
      </section>
      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading">{filtered ? 'For these filters' : 'All time'}</h2>
        <dl className="details transaction-totals">
          <dt>Sales</dt>
          <dd>{money(totals.sales)}</dd>
          <dt>Soko fees</dt>
          <dd>{out(totals.fees)}</dd>
          <dt>Refunds</dt>
          <dd>{out(totals.refunds)}</dd>
          <dt>Payouts</dt>
          <dd>{out(totals.payouts)}</dd>
          <dt>Net</dt>
          <dd>
            <strong>{money(totals.net)}</strong>
          </dd>
        </dl>
      </section>
      <EarningsChart daily={summary.daily} currency={currency} />
    </>
  )
}
