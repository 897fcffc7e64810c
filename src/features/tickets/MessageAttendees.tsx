import { useState } from 'react'
import { Field, FormMessage, SubmitButton, TextAreaField, text, useSubmit } from '../../components/Form'
import { rpc } from '../../lib/rpc'

/** "Message all attendees": one e-mail to every buyer holding a valid ticket (once per address). */
export function MessageAttendees({ eventId }: { eventId: string }) {
  const [done, setDone] = useState<string | null>(null)
  const form = useSubmit(async (data) => {
    setDone(null)
    const { sent } = await rpc('messageAttendees', {
      eventId,
      title: text(data, 'title'),
      message: text(data, 'message'),
    })
    setDone(sent === 1 ? 'Sent to 1 buyer.' : `Sent to ${sent} buyers.`)
  })
  return (
    <details className="card">
      <summary>Message all attendees</summary>
      <form onSubmit={form.onSubmit} noValidate aria-label="Message all attendees">
        <FormMessage message={form.message} />
        <Field label="Subject" name="title" maxLength={120} errors={form.errors} />
        <TextAreaField label="Message" name="message" rows={5} maxLength={4000} errors={form.errors} />
        <p className="actions">
          <SubmitButton busy={form.busy} busyText="Sending…">
            Send by e-mail
          </SubmitButton>
        </p>
        <FormMessage message={done} tone="ok" />
      </form>
    </details>
  )
}
