import { Trans } from '@lingui/react/macro'
import { FormMessage, SubmitButton, TextAreaField, text, useSubmit } from '../../components/Form'

/**
 * An admin action that takes a reason (suspend, unpublish, refund, dismiss): the reason, the action's
 * button and Cancel. The server's message about the reason (`reason`, or `note`) shows on the field.
 */
export function ReasonForm({
  label,
  hint,
  submit,
  busyText,
  danger = true,
  onReason,
  onCancel,
}: {
  label: string
  hint?: string
  submit: string
  busyText: string
  danger?: boolean
  onReason: (reason: string) => Promise<void>
  onCancel: () => void
}) {
  const form = useSubmit((data) => onReason(text(data, 'reason')))
  const error = form.errors.reason ?? form.errors.note
  return (
    <form onSubmit={form.onSubmit} noValidate className="form">
      <FormMessage message={form.message} />
      <TextAreaField
        label={label}
        name="reason"
        rows={3}
        maxLength={500}
        required
        hint={hint}
        errors={error ? { reason: error } : {}}
      />
      <div className="actions">
        <SubmitButton busy={form.busy} busyText={busyText} className={danger ? 'button danger' : 'button'}>
          {submit}
        </SubmitButton>
        <button type="button" className="button secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  )
}
