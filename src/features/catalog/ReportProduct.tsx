import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { REPORT_REASON_TEXT } from '../../../contract/report-reasons'
import {
  Field,
  FormMessage,
  SelectField,
  SubmitButton,
  TextAreaField,
  text,
  useSubmit,
} from '../../components/Form'
import { translateCode } from '../../lib/i18n'
import { rpc } from '../../lib/rpc'
import { useSession } from '../../lib/session'

/**
 * "Report this product": what is wrong and, signed out, an address for our answer. Sent to the admins'
 * queue; one open report per person and product, so sending twice changes nothing.
 */
export default function ReportProduct({ productId }: { productId: string }) {
  const { t } = useLingui()
  const { user } = useSession()
  const [sent, setSent] = useState(false)
  const form = useSubmit(async (data) => {
    const email = text(data, 'email')
    await rpc('reportProduct', {
      productId,
      reason: text(data, 'reason') as keyof typeof REPORT_REASON_TEXT,
      details: text(data, 'details'),
      ...(email ? { email } : {}),
    })
    setSent(true)
  })
  if (sent)
    return (
      <p className="form-message form-message-ok" role="status">
        <Trans>Thank you: the Soko team will look at it.</Trans>
      </p>
    )
  return (
    <form onSubmit={form.onSubmit} noValidate className="form">
      <FormMessage message={form.message} />
      <SelectField
        label={t`What is wrong?`}
        name="reason"
        options={Object.entries(REPORT_REASON_TEXT).map(([value, label]) => ({
          value,
          label: translateCode(undefined, undefined, label),
        }))}
        errors={form.errors}
      />
      <TextAreaField
        label={t`Details (optional)`}
        name="details"
        rows={3}
        maxLength={1000}
        errors={form.errors}
      />
      {user ? null : (
        <Field
          label={t`Your e-mail (optional)`}
          name="email"
          type="email"
          autoComplete="email"
          hint={t`If you want to hear what we did`}
          errors={form.errors}
        />
      )}
      <SubmitButton busy={form.busy} busyText={t`Sending…`}>
        <Trans>Send the report</Trans>
      </SubmitButton>
    </form>
  )
}
