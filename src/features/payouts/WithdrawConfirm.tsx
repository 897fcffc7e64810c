import { Link } from '@tanstack/react-router'
import type { RefObject } from 'react'
import type { CurrencyCode } from '../../../contract/currencies'
import { APPROVAL_TAKES, PAYOUT_STATUS_TEXT } from '../../../contract/payouts.constants'
import type { PayoutView } from '../../../contract/payouts.contract'
import { FormMessage } from '../../components/Form'
import { formatMoney } from '../../lib/money'
import { ARRIVES, type Quote } from './withdraw-model'

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * The last look before money moves: what arrives, where, when, the fee and what is left, in the words the
 * payout will carry. Nothing is sent before Confirm; Back keeps what was typed.
 */
export function WithdrawConfirm({
  headingId,
  headingRef,
  quote,
  currency,
  available,
  destination,
  feeText,
  pending,
  message,
  onConfirm,
  onBack,
}: {
  headingId: string
  headingRef: RefObject<HTMLHeadingElement | null>
  quote: Quote
  currency: CurrencyCode
  available: number
  destination: string
  /** The instant fee as a percentage: `1.5%`. */
  feeText: string
  pending: boolean
  /** Why the server refused it, when no field is to blame (the balance moved, the destination waits). */
  message: string | null
  onConfirm: () => void
  onBack: () => void
}) {
  const money = (amount: number) => formatMoney(amount, currency)
  return (
    <form
      className="form confirm-sheet"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!pending) onConfirm()
      }}
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        Check and confirm
      </h2>
      <p className="confirm-arrives">
        <span className="balance-label">You receive</span>{' '}
        <strong className="balance-amount">{money(quote.arrives)}</strong>
      </p>
      <dl className="details confirm-facts">
        <dt>To</dt>
        <dd>{destination}</dd>
        <dt>When</dt>
        <dd>{capital(quote.when)}</dd>
        <dt>Fee</dt>
        <dd>{quote.fee ? `${money(quote.fee)} (instant, ${feeText})` : 'None (standard speed)'}</dd>
        <dt>From your balance</dt>
        <dd>
          {money(quote.amount)}, leaving {money(Math.max(available - quote.amount, 0))} available
        </dd>
      </dl>
      {quote.approval ? (
        <p className="notice">
          {quote.approval === 'first'
            ? 'This is your first payout: the Soko team checks it before it goes.'
            : 'A payout this large is checked by the Soko team before it goes.'}{' '}
          You can cancel it until then.
        </p>
      ) : null}
      <FormMessage message={message} />
      <div className="actions">
        <button type="submit" className="button" disabled={pending} aria-busy={pending}>
          {pending ? 'Withdrawing…' : 'Confirm'}
        </button>
        <button type="button" className="button secondary" disabled={pending} onClick={onBack}>
          Back
        </button>
      </div>
    </form>
  )
}

/** What a payout does next, in the seller's words, by where it is now. */
function nextOf(payout: PayoutView, standardText: string): string {
  const arrives = ARRIVES[payout.rail]
  const bank = payout.rail === 'bank' ? ', then 1–3 working days at the bank' : ''
  switch (payout.status) {
    case 'approval':
      return `The Soko team approves it ${APPROVAL_TAKES}; then it ${
        payout.speed === 'instant' ? `arrives ${arrives}` : `goes with the next scheduled payouts${bank}`
      }. Until then you can cancel it under “Your payouts”.`
    case 'scheduled':
      return `It goes with the scheduled payouts${standardText ? ` of ${standardText}` : ''}${bank}. Until then you can cancel it under “Your payouts”.`
    case 'sending':
    case 'processing':
      return `It is on its way: it arrives ${arrives}. We let you know when it is paid.`
    case 'paid':
      return payout.receipt ? `Receipt ${payout.receipt}.` : 'It has arrived.'
    default:
      return payout.failure ? `${payout.failure.title}: ${payout.failure.text}` : ''
  }
}

/** The withdrawal made: its status, what happens next, and the way to another one or to the list. */
export function WithdrawResult({
  headingId,
  headingRef,
  payout,
  standardText,
  onAgain,
}: {
  headingId: string
  headingRef: RefObject<HTMLHeadingElement | null>
  payout: PayoutView
  /** When a standard payout goes, in words (the schedule's next run). */
  standardText: string
  onAgain: () => void
}) {
  const failed = payout.status === 'failed' || payout.status === 'returned'
  return (
    <div className="withdraw-result">
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {failed ? 'Withdrawal not made' : 'Withdrawal requested'}
      </h2>
      <div role="status">
        <p className={`form-message ${failed ? 'form-message-error' : 'form-message-ok'}`}>
          Payout of {formatMoney(payout.arrives, payout.currency)} to {payout.destination}:{' '}
          {PAYOUT_STATUS_TEXT[payout.status].toLowerCase()}.
        </p>
        <p>{nextOf(payout, standardText)}</p>
      </div>
      <div className="actions">
        <Link to="/account/withdraw" hash="payouts">
          Follow it under “Your payouts”
        </Link>
        <button type="button" className="button secondary" onClick={onAgain}>
          Make another withdrawal
        </button>
      </div>
    </div>
  )
}
