import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { SellerBooks } from '../../../contract/transactions.contract'
import { formatMoney } from '../../lib/money'
import { EarningsChart } from './EarningsChart'
import { dateTimeText } from './transactions-format'

/** Balances, the period's totals and the last 30 days, from the first page (every page has them). */
export function SellerSummary({ books, filtered }: { books: SellerBooks; filtered: boolean }) {
  const { t } = useLingui()
  const { currency, summary } = books
  const money = (amount: number) => formatMoney(amount, currency)
  /** Money out, as a negative amount (and a plain zero, not `-0`). */
  const out = (amount: number) => money(amount === 0 ? 0 : -amount)
  const { totals } = summary
  return (
    <>
      <section aria-labelledby="balance-heading">
        <h2 id="balance-heading" className="visually-hidden">
          <Trans>Balance in {currency}</Trans>
        </h2>
        <div className="balance-cards">
          <div className="card balance-card">
            <p className="balance-label">
              <Trans>Available</Trans>
            </p>
            <p className="balance-amount">{money(summary.available)}</p>
            <p className="muted">
              {summary.available > 0 ? (
                <Link to="/account/withdraw">
                  <Trans>Withdraw</Trans>
                </Link>
              ) : (
                t`New sales become available once their hold ends.`
              )}
            </p>
          </div>
          <div className="card balance-card">
            <p className="balance-label">
              <Trans>Held</Trans>
            </p>
            <p className="balance-amount">{money(summary.held)}</p>
            <p className="muted">
              {summary.nextAvailableAt
                ? t`Next available ${dateTimeText(summary.nextAvailableAt)}`
                : t`Nothing held right now.`}
            </p>
          </div>
        </div>
      </section>
      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading">{filtered ? t`For these filters` : t`All time`}</h2>
        <dl className="details transaction-totals">
          <dt>
            <Trans>Sales</Trans>
          </dt>
          <dd>{money(totals.sales)}</dd>
          <dt>
            <Trans>Soko fees</Trans>
          </dt>
          <dd>{out(totals.fees)}</dd>
          <dt>
            <Trans>Refunds</Trans>
          </dt>
          <dd>{out(totals.refunds)}</dd>
          <dt>
            <Trans>Payouts</Trans>
          </dt>
          <dd>{out(totals.payouts)}</dd>
          <dt>
            <Trans>Net</Trans>
          </dt>
          <dd>
            <strong>{money(totals.net)}</strong>
          </dd>
        </dl>
      </section>
      <EarningsChart daily={summary.daily} currency={currency} />
    </>
  )
}
