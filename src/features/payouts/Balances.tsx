import { Trans } from '@lingui/react/macro'
import type { PayoutBalance } from '../../../contract/payouts.contract'
import { formatDate } from '../../lib/dates'
import { formatMoney } from '../../lib/money'

/** Each currency's money: available (what can go now), held (and when each part is free), on the way out. */
export function Balances({ balances }: { balances: PayoutBalance[] }) {
  if (balances.length === 0)
    return (
      <p className="notice">
        <Trans>
          Nothing to withdraw yet. Earnings from your sales show here once buyers pay, and can be withdrawn
          after the hold.
        </Trans>
      </p>
    )
  return (
    <section aria-labelledby="balances-heading">
      <h2 id="balances-heading">
        <Trans>Your balance</Trans>
      </h2>
      <ul className="cards balance-list">
        {balances.map((b) => {
          const money = (amount: number) => formatMoney(amount, b.currency)
          return (
            <li key={b.currency} className="card">
              <p className="balance-label">
                <Trans>Available in {b.currency}</Trans>
              </p>
              <p className="balance-amount">{money(b.available)}</p>
              {b.available < 0 ? (
                <p className="notice" role="note">
                  <Trans>
                    Below zero: a refund was given after this money had been paid out. Your next sales make it
                    up before anything can be withdrawn.
                  </Trans>
                </p>
              ) : null}
              <dl className="balance-figures">
                <div>
                  <dt>
                    <Trans>Held</Trans>
                  </dt>
                  <dd>{money(b.held)}</dd>
                </div>
                <div>
                  <dt>
                    <Trans>On the way</Trans>
                  </dt>
                  <dd>{money(b.onTheWay)}</dd>
                </div>
                <div>
                  <dt>
                    <Trans>Paid out</Trans>
                  </dt>
                  <dd>{money(b.paidOut)}</dd>
                </div>
              </dl>
              {b.holds.length > 0 ? (
                <ul className="plain-list muted hold-list">
                  {b.holds.slice(0, 3).map((h) => (
                    <li key={h.availableAt}>
                      <Trans>
                        {money(h.amount)} available {formatDate(h.availableAt)}
                      </Trans>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
