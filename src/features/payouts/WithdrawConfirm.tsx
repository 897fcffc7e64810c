import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { RefObject } from 'react'
import type { CurrencyCode } from '../../../contract/currencies'
import type { PayoutView } from '../../../contract/payouts.contract'
import { FormMessage } from '../../components/Form'
import { formatMoney } from '../../lib/money'
import { approvalTakes, arrivesText, payoutStatusText, type Quote } from './withdraw-model'

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
        <Trans>Check and confirm</Trans>
      </h2>
      <p className="confirm-arrives">
        <span className="balance-label">
          <Trans>You receive</Trans>
        </span>{' '}
        <strong className="balance-amount">{money(quote.arrives)}</strong>
      </p>
      <dl className="details confirm-facts">
        <dt>
          <Trans context="payout destination">To</Trans>
        </dt>
        <dd>{destination}</dd>
        <dt>
          <Trans>When</Trans>
        </dt>
        <dd>{capital(quote.when)}</dd>
        <dt>
          <Trans>Fee</Trans>
        </dt>
        <dd>{quote.fee ? t`${money(quote.fee)} (instant, ${feeText})` : t`None (standard speed)`}</dd>
        <dt>
          <Trans>From your balance</Trans>
        </dt>
        <dd>{t`${money(quote.amount)}, leaving ${money(Math.max(available - quote.amount, 0))} available`}</dd>
      </dl>
      {quote.approval ? (
        <p className="notice">
          {quote.approval === 'first'
            ? t`This is your first payout: the Soko team checks it before it goes.`
            : t`A payout this large is checked by the Soko team before it goes.`}{' '}
          <Trans>You can cancel it until then.</Trans>
        </p>
      ) : null}
      <FormMessage message={message} />
      <div className="actions">
        <button type="submit" className="button" disabled={pending} aria-busy={pending}>
          {pending ? t`Withdrawing…` : t`Confirm`}
        </button>
        <button type="button" className="button secondary" disabled={pending} onClick={onBack}>
          <Trans>Back</Trans>
        </button>
      </div>
    </form>
  )
}

/** What a payout does next, in the seller's words, by where it is now. */
function nextOf(payout: PayoutView, standardText: string): string {
  const arrives = arrivesText(payout.rail)
  const bank = payout.rail === 'bank'
  const takes = approvalTakes()
  const receipt = payout.receipt
  switch (payout.status) {
    case 'approval':
      if (payout.speed === 'instant')
        return t`The Soko team approves it ${takes}; then it arrives ${arrives}. Until then you can cancel it under “Your payouts”.`
      return bank
        ? t`The Soko team approves it ${takes}; then it goes with the next scheduled payouts, then 1–3 working days at the bank. Until then you can cancel it under “Your payouts”.`
        : t`The Soko team approves it ${takes}; then it goes with the next scheduled payouts. Until then you can cancel it under “Your payouts”.`
    case 'scheduled':
      if (!standardText)
        return bank
          ? t`It goes with the scheduled payouts, then 1–3 working days at the bank. Until then you can cancel it under “Your payouts”.`
          : t`It goes with the scheduled payouts. Until then you can cancel it under “Your payouts”.`
      return bank
        ? t`It goes with the scheduled payouts of ${standardText}, then 1–3 working days at the bank. Until then you can cancel it under “Your payouts”.`
        : t`It goes with the scheduled payouts of ${standardText}. Until then you can cancel it under “Your payouts”.`
    case 'sending':
    case 'processing':
      return t`It is on its way: it arrives ${arrives}. We let you know when it is paid.`
    case 'paid':
      return receipt ? t`Receipt ${receipt}.` : t`It has arrived.`
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
        {failed ? t`Withdrawal not made` : t`Withdrawal requested`}
      </h2>
      <div role="status">
        <p className={`form-message ${failed ? 'form-message-error' : 'form-message-ok'}`}>
          <Trans>
            Payout of {formatMoney(payout.arrives, payout.currency)} to {payout.destination}:{' '}
            {payoutStatusText(payout.status).toLowerCase()}.
          </Trans>
        </p>
        <p>{nextOf(payout, standardText)}</p>
      </div>
      <div className="actions">
        <Link to="/account/withdraw" hash="payouts">
          <Trans>Follow it under “Your payouts”</Trans>
        </Link>
        <button type="button" className="button secondary" onClick={onAgain}>
          <Trans>Make another withdrawal</Trans>
        </button>
      </div>
    </div>
  )
}
