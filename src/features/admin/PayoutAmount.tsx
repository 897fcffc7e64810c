import type { PayoutView } from '../../../contract/payouts.contract'
import { formatMoney } from '../../lib/money'

/**
 * A payout's money as an admin reads it, the same in the queue and in the list: what leaves the seller's
 * balance (gross) first, then what the destination gets (net) and the fee between them.
 */
export function PayoutAmount({ payout }: { payout: PayoutView }) {
  const money = (amount: number) => formatMoney(amount, payout.currency)
  return (
    <>
      <strong>{money(payout.amount)}</strong> gross ·{' '}
      {payout.fee > 0 ? `${money(payout.arrives)} net after the ${money(payout.fee)} fee` : 'no fee'}
    </>
  )
}

/** "KES 1,000.00 to Amina Mwangi": the amount as the admin's messages name a payout. */
export function payoutName(payout: PayoutView): string {
  const money = formatMoney(payout.amount, payout.currency)
  return payout.seller ? `${money} to ${payout.seller.name}` : money
}
