import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { REJECT_REASON } from '../../../contract/payouts.constants'
import type { PayoutView } from '../../../contract/payouts.contract'
import { errorState, FormMessage, type FormState, TextAreaField } from '../../components/Form'
import { translateCode } from '../../lib/i18n'
import { formatMoney } from '../../lib/money'
import { rpc } from '../../lib/rpc'

const IDLE: FormState = { busy: false, message: null, errors: {} }

/**
 * Not approving a payout takes two steps: the reason, which the seller reads on their payout (and the log
 * keeps), then a confirm that shows it as they will read it. Back from the confirm keeps what was typed; a
 * reason the server refuses comes back to the first step with its message on the field.
 */
export function RejectPayout({
  payout,
  onDone,
  onCancel,
}: {
  payout: PayoutView
  onDone: () => Promise<void>
  onCancel: () => void
}) {
  const { t } = useLingui()
  const [step, setStep] = useState<'reason' | 'confirm'>('reason')
  const [reason, setReason] = useState('')
  const [state, setState] = useState<FormState>(IDLE)
  const form = useRef<HTMLFormElement>(null)
  const question = useRef<HTMLParagraphElement>(null)
  const focusField = () => form.current?.querySelector('textarea')?.focus()
  // Each step starts where the keyboard and a screen reader should be: the field, or the question.
  useEffect(() => {
    if (step === 'reason') form.current?.querySelector('textarea')?.focus()
    else question.current?.focus()
  }, [step])

  const seller = payout.seller?.name ?? t`the seller`
  const destination = payout.destination
  const amount = formatMoney(payout.amount, payout.currency)
  if (step === 'reason')
    return (
      <form
        ref={form}
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (reason.trim().length < REJECT_REASON.min) {
            setState({
              ...IDLE,
              errors: { reason: translateCode(undefined, undefined, REJECT_REASON.message) },
            })
            focusField()
            return
          }
          setState(IDLE)
          setStep('confirm')
        }}
      >
        <FormMessage message={state.message} />
        <TextAreaField
          label={t`Why is it not approved?`}
          hint={t`${seller} reads this on their payout. It is kept in the audit log.`}
          name="reason"
          rows={3}
          maxLength={REJECT_REASON.max}
          required
          value={reason}
          onChange={(event) => {
            setReason(event.target.value)
            // The message goes once it no longer applies, not only at the next Continue.
            if (state.errors.reason && event.target.value.trim().length >= REJECT_REASON.min) setState(IDLE)
          }}
          errors={state.errors}
        />
        <div className="actions">
          <button type="submit" className="button">
            <Trans>Continue</Trans>
          </button>
          <button type="button" className="button secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    )
  return (
    <form
      className="form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault()
        if (state.busy) return
        setState({ ...IDLE, busy: true })
        try {
          // i18n-ignore: the call's name
          await rpc('reviewPayout', { payoutId: payout.id, approve: false, reason: reason.trim() })
          await onDone()
        } catch (error) {
          const refused = errorState(error)
          setState(refused)
          if (refused.errors.reason) setStep('reason')
        }
      }}
    >
      <div>
        <p ref={question} tabIndex={-1}>
          <Trans>
            <strong>
              Reject {amount} to {destination}?
            </strong>{' '}
            The money goes back to {seller}’s available balance, and they read your reason:
          </Trans>
        </p>
        <blockquote className="notice">{reason.trim()}</blockquote>
      </div>
      <FormMessage message={state.message} />
      <div className="actions">
        <button type="submit" className="button danger" disabled={state.busy} aria-busy={state.busy}>
          {state.busy ? t`Rejecting…` : t`Reject the payout`}
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={state.busy}
          onClick={() => {
            setState(IDLE)
            setStep('reason')
          }}
        >
          <Trans>Change the reason</Trans>
        </button>
      </div>
    </form>
  )
}
