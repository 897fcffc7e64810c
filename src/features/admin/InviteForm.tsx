import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Field, FormMessage, SelectField, SubmitButton, text, useSubmit } from '../../components/Form'
import { formatDate } from '../../lib/dates'
import { rpc } from '../../lib/rpc'

/** Invites someone by e-mail, as a customer or as an admin. */
export function InviteForm() {
  const { t } = useLingui()
  const [sent, setSent] = useState<string | null>(null)
  const form = useSubmit(async (data) => {
    const answer = await rpc('createInvite', {
      email: text(data, 'email'),
      role: text(data, 'role') as 'customer' | 'admin',
    })
    const sentTo = answer.sentTo
    const until = formatDate(answer.expiresAt)
    setSent(t`Invitation sent to ${sentTo}; it works until ${until}.`)
  })
  return (
    <section aria-labelledby="invite-heading">
      <h2 id="invite-heading">
        <Trans>Invite someone</Trans>
      </h2>
      <form onSubmit={form.onSubmit} noValidate className="form">
        <FormMessage message={form.message} />
        <FormMessage message={sent} tone="ok" />
        <Field label={t`E-mail`} name="email" type="email" required errors={form.errors} />
        <SelectField
          label={t`As`}
          name="role"
          options={[
            { value: 'customer', label: t`Customer` },
            { value: 'admin', label: t`Admin` },
          ]}
          errors={form.errors}
        />
        <SubmitButton busy={form.busy} busyText={t`Sending…`}>
          <Trans>Send invitation</Trans>
        </SubmitButton>
      </form>
    </section>
  )
}
