import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Field, FormMessage, SubmitButton, TextAreaField, text, useSubmit } from '../../components/Form'
import { rpc } from '../../lib/rpc'

/** "Message all attendees": one e-mail to every buyer holding a valid ticket (once per address). */
export function MessageAttendees({ eventId }: { eventId: string }) {
  const { t } = useLingui()
  const [done, setDone] = useState<string | null>(null)
  const form = useSubmit(async (data) => {
    setDone(null)
    const { sent } = await rpc('messageAttendees', {
      eventId,
      title: text(data, 'title'),
      message: text(data, 'message'),
    })
    setDone(t`${plural(sent, { one: 'Sent to # buyer.', other: 'Sent to # buyers.' })}`)
  })
  return (
    <details className="card">
      <summary>
        <Trans>Message all attendees</Trans>
      </summary>
      <form onSubmit={form.onSubmit} noValidate aria-label={t`Message all attendees`}>
        <FormMessage message={form.message} />
        <Field label={t`Subject`} name="title" maxLength={120} errors={form.errors} />
        <TextAreaField label={t`Message`} name="message" rows={5} maxLength={4000} errors={form.errors} />
        <p className="actions">
          <SubmitButton busy={form.busy} busyText={t`Sending…`}>
            <Trans>Send by e-mail</Trans>
          </SubmitButton>
        </p>
        <FormMessage message={done} tone="ok" />
      </form>
    </details>
  )
}
