import { useState } from 'react'
import { Field, FormMessage, SelectField, SubmitButton, text, useSubmit } from '../../components/Form'
import { formatDate } from '../../lib/dates'
import { rpc } from '../../lib/rpc'

/** Invites someone by e-mail, as a customer or as an admin. */
export function InviteForm() {
  const [sent, setSent] = useState<string | null>(null)
  const form = useSubmit(async (data) => {
    const answer = await rpc('createInvite', {
      email: text(data, 'email'),
      role: text(data, 'role') as 'customer' | 'admin',
    })
    setSent(`Invitation sent to ${answer.sentTo}; it works until ${formatDate(answer.expiresAt)}.`)
  })
  return (
    <section aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      <form onSubmit={form.onSubmit} noValidate className="form">
        <FormMessage message={form.message} />
        <FormMessage message={sent} tone="ok" />
        <Field label="E-mail" name="email" type="email" required errors={form.errors} />
        <SelectField
          label="As"
          name="role"
          options={[
            { value: 'customer', label: 'Customer' },
            { value: 'admin', label: 'Admin' },
          ]}
          errors={form.errors}
        />
        <SubmitButton busy={form.busy} busyText="Sending…">
          Send invitation
        </SubmitButton>
      </form>
    </section>
  )
}
