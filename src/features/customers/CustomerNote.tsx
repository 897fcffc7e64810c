import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { FormMessage, SubmitButton, TextAreaField, text, useSubmit } from '../../components/Form'
import { rpc } from '../../lib/rpc'
import { type CustomerDetails, customersQueries } from './customers.queries'

const NOTE_MAX = 2000

/** What the seller keeps about a client (only they see it): written, saved, and emptied to remove it. */
export function CustomerNote({ customerKey, note }: { customerKey: string; note: string }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [saved, setSaved] = useState<string | null>(null)
  const [length, setLength] = useState(note.length)
  const form = useSubmit(async (data) => {
    setSaved(null)
    const answer = await rpc('updateCustomerNote', { key: customerKey, note: text(data, 'note') })
    queryClient.setQueryData<CustomerDetails>(customersQueries.one(customerKey).queryKey, (old) =>
      old ? { ...old, note: answer.note } : old,
    )
    setSaved(answer.note ? t`Note saved.` : t`Note removed.`)
  })
  return (
    <form
      className="customer-note"
      onSubmit={form.onSubmit}
      aria-labelledby="customer-note-heading"
      noValidate
    >
      <h2 id="customer-note-heading">
        <Trans>Your note</Trans>
      </h2>
      <FormMessage message={form.message} />
      <TextAreaField
        label={t`Only you see this`}
        name="note"
        rows={3}
        maxLength={NOTE_MAX}
        defaultValue={note}
        errors={form.errors}
        placeholder={t`Preferences, how they like to pay, what you agreed…`}
        hint={t`${length.toLocaleString()} of ${NOTE_MAX.toLocaleString()} characters`}
        onChange={(event) => {
          setSaved(null)
          setLength(event.currentTarget.value.length)
        }}
      />
      <p className="actions">
        <SubmitButton busy={form.busy} busyText={t`Saving…`}>
          <Trans>Save note</Trans>
        </SubmitButton>
      </p>
      <FormMessage message={saved} tone="ok" />
    </form>
  )
}
