import type { CurrencyCode } from '../../../contract/currencies'
import type { DbOrTx } from '../../db/client'
import type { Entry } from '../../ledger/ledger'
import { postTransaction } from '../../ledger/ledger'

/**
 * A payout in the ledger, in up to three transactions, each at most once per payout:
 *
 * - `payout` when it is asked for: the seller's account is debited the whole amount (Soko owes them that
 *   much less), `payouts:outgoing` holds what will arrive, and `platform:fees` takes the fee. From here the
 *   money is out of the available balance, before any provider is called.
 * - `payout-sent` when the provider says it arrived: it leaves `payouts:outgoing` and the provider's
 *   account (`provider:mpesa`, `provider:paypal`, `provider:bank`).
 * - `payout-back` when it failed or came back: the seller's money and the fee return, from wherever it was.
 */
export interface PayoutPosting {
  id: string
  sellerId: string
  rail: string
  amount: number
  fee: number
  currency: CurrencyCode
}

function askedEntries(p: PayoutPosting): Entry[] {
  return [
    { account: `seller:${p.sellerId}`, sellerId: p.sellerId, amount: p.amount, currency: p.currency },
    { account: 'payouts:outgoing', sellerId: p.sellerId, amount: -(p.amount - p.fee), currency: p.currency },
    { account: 'platform:fees', amount: -p.fee, currency: p.currency },
  ]
}

function sentEntries(p: PayoutPosting): Entry[] {
  return [
    { account: 'payouts:outgoing', sellerId: p.sellerId, amount: p.amount - p.fee, currency: p.currency },
    { account: `provider:${p.rail}`, amount: -(p.amount - p.fee), currency: p.currency },
  ]
}

const turned = (entries: Entry[]) => entries.map((e) => ({ ...e, amount: -e.amount }))

export function postAsked(tx: DbOrTx, p: PayoutPosting) {
  return postTransaction(tx, {
    kind: 'payout',
    payoutId: p.id,
    // i18n-ignore: a ledger memo, the books' own record
    memo: 'Payout asked',
    entries: askedEntries(p),
  })
}

export function postSent(tx: DbOrTx, p: PayoutPosting) {
  return postTransaction(tx, {
    kind: 'payout-sent',
    payoutId: p.id,
    // i18n-ignore: a ledger memo, the books' own record
    memo: 'Payout sent',
    entries: sentEntries(p),
  })
}

/** The money back to the seller; `wasSent` when it had left (a PayPal payout returned after success). */
export function postBack(tx: DbOrTx, p: PayoutPosting, wasSent: boolean) {
  const entries = [...turned(askedEntries(p)), ...(wasSent ? turned(sentEntries(p)) : [])]
  // i18n-ignore: a ledger memo, the books' own record
  return postTransaction(tx, { kind: 'payout-back', payoutId: p.id, memo: 'Payout back', entries })
}
