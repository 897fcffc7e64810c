import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import type { PayoutView } from '../../../contract/payouts.contract'
import { formatMoney } from '../../lib/money'

/**
 * A payout's money as an admin reads it, the same in the queue and in the list: what leaves the seller's
 * balance (gross) first, then what the destination gets (net) and the fee between them.
 */
export function PayoutAmount({ payout }: { payout: PayoutView }) {
  const money = (amount: number) => formatMoney(amount, payout.currency)
  const gross = money(payout.amount)
  const net = money(payout.arrives)
  const fee = money(payout.fee)
  return (
    <>
      <Trans>
        <strong>{gross}</strong> gross
      </Trans>{' '}
      · {payout.fee > 0 ? t`${net} net after the ${fee} fee` : t`no fee`}
    </>
  )
}

/** "KES 1,000.00 to Amina Mwangi": the amount as the admin's messages name a payout. */
export function payoutName(payout: PayoutView): string {
  const money = formatMoney(payout.amount, payout.currency)
  const name = payout.seller?.name
  return name ? t`${money} to ${name}` : money
}
