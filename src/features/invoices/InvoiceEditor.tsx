import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { type CurrencyCode, currencyCodes } from '../../../contract/currencies'
import { DEFAULT_REMINDERS, REMINDER_HOUR } from '../../../contract/invoices.constants'
import type { InvoiceView } from '../../../contract/invoices.contract'
import { Field, FieldNotes, FormMessage, SelectField, TextAreaField } from '../../components/Form'
import { currencyName } from '../../lib/currency-name'
import { useOnline } from '../../lib/install'
import { formatMoney } from '../../lib/money'
import { ClientFields } from './ClientFields'
import { currentErrors, type InvoiceDraft, totalsOf } from './invoice-draft'
import { invoiceName, reminderLabel } from './invoice-format'
import { AdjustmentField, LineFields, TaxFields } from './LineFields'
import { TotalsPanel } from './TotalsPanel'
import { CHECK_FIELDS, useInvoiceSave } from './useInvoiceSave'

/**
 * The invoice editor: client, currency and dates, lines, discount, taxes and deposit with the totals
 * as the seller types, notes, terms and reminders; "Save draft" and "Save and send". A sent invoice is
 * changed as its next revision, which keeps its number and goes to the client again.
 */
export function InvoiceEditor({
  initial,
  existing,
  draftKey,
  fromDevice,
  problem,
  serverErrors,
  defaultCurrency,
  note,
}: {
  initial: InvoiceDraft
  existing: InvoiceView | null
  draftKey: string
  fromDevice: boolean
  /** Why a draft kept on the device could not go to Soko (the server's message), to fix here. */
  problem?: string | undefined
  serverErrors?: Record<string, string> | undefined
  /** A new invoice's currency once the seller's is known, unless they chose one first. */
  defaultCurrency?: CurrencyCode | undefined
  /** A line about how the seller got here (a copy just made). */
  note?: string | null
}) {
  const { t } = useLingui()
  const id = useId()
  const online = useOnline()
  const [draft, setDraft] = useState(initial)
  const saving = useInvoiceSave({ existing, draftKey, fromDevice })
  const errors = saving.errorsFor
    ? currentErrors(saving.errors, saving.errorsFor, draft)
    : currentErrors(serverErrors ?? {}, initial, draft)
  const message =
    saving.message === t(CHECK_FIELDS) && Object.keys(errors).length === 0 ? null : saving.message
  const set = (patch: Partial<InvoiceDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const currencyChosen = useRef(false)
  useEffect(() => {
    if (defaultCurrency && !currencyChosen.current) setDraft((d) => ({ ...d, currency: defaultCurrency }))
  }, [defaultCurrency])
  const totals = totalsOf(draft)
  const depositText = formatMoney(totals.deposit, draft.currency)
  const sent = existing !== null && existing.status !== 'draft'
  const reminderDays = [...new Set([...DEFAULT_REMINDERS, ...draft.reminders])].sort((a, b) => a - b)
  const remindersError = Object.entries(errors).find(([key]) => key.startsWith('invoice.reminders'))?.[1]
  const number = existing?.number
  const heading = existing ? (number ? t`Edit ${number}` : t`Edit draft invoice`) : t`New invoice`
  const hour = REMINDER_HOUR

  return (
    <section className="page invoice-editor" aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`}>{heading}</h1>
      <FormMessage message={note ?? null} tone="ok" />
      {sent && existing ? <SentNotice invoice={existing} /> : null}
      {problem ? (
        <p className="notice">
          {serverErrors && Object.keys(serverErrors).length ? (
            <Trans>
              This invoice was kept on this device, and Soko could not take it as it is. Fix what is marked,
              then save it again.
            </Trans>
          ) : (
            <Trans>
              This invoice was kept on this device, and Soko could not take it as it is: {problem}. Fix what
              is marked, then save it again.
            </Trans>
          )}
        </p>
      ) : null}
      {!online && !existing ? (
        <p className="notice">
          <Trans>
            You are offline. You can still write this invoice: saving keeps it on this device, and it goes to
            Soko as soon as you are back online.
          </Trans>
        </p>
      ) : null}
      <form
        className="invoice-form"
        noValidate
        // Enter in a field does not submit: "Save and send" mails the client, so it takes its button.
        onKeyDown={(event) => {
          const field = event.target
          if (
            event.key === 'Enter' &&
            field instanceof HTMLInputElement &&
            !['checkbox', 'radio'].includes(field.type)
          )
            event.preventDefault()
        }}
        onSubmit={(event) => {
          event.preventDefault()
          const submitter = (event.nativeEvent as SubmitEvent).submitter
          void saving.save(draft, sent || submitter?.getAttribute('value') === 'send')
        }}
      >
        <div className="form invoice-fields">
          <FormMessage message={message} />
          <ClientFields
            client={draft.client}
            onChange={(p) => set({ client: { ...draft.client, ...p } })}
            errors={errors}
          />
          <fieldset className="fieldset invoice-when">
            <legend>{t`Currency and dates`}</legend>
            <SelectField
              label={t`Currency`}
              name="invoice.currency"
              value={draft.currency}
              onChange={(value) => {
                currencyChosen.current = true
                set({ currency: value as CurrencyCode })
              }}
              options={currencyCodes.map((code) => ({
                value: code,
                label: `${code} · ${currencyName(code)}`,
              }))}
              errors={errors}
            />
            <div className="editor-dates">
              <Field
                label={t`Issue date`}
                name="invoice.issueDate"
                type="date"
                value={draft.issueDate}
                onChange={(e) => set({ issueDate: e.target.value })}
                errors={errors}
              />
              <Field
                label={t`Due date`}
                name="invoice.dueDate"
                type="date"
                value={draft.dueDate}
                min={draft.issueDate || undefined}
                onChange={(e) => set({ dueDate: e.target.value })}
                errors={errors}
              />
            </div>
          </fieldset>
          <LineFields
            lines={draft.lines}
            currency={draft.currency}
            errors={errors}
            onChange={(lines) => set({ lines })}
          />
          <AdjustmentField
            legend={t`Discount`}
            name="invoice.discount"
            value={draft.discount}
            currency={draft.currency}
            hint={t`Taken off the subtotal, before tax.`}
            errors={errors}
            onChange={(discount) => set({ discount })}
          />
          <TaxFields
            taxes={draft.taxes}
            currency={draft.currency}
            errors={errors}
            onChange={(taxes) => set({ taxes })}
          />
          <AdjustmentField
            legend={t`Deposit`}
            name="invoice.deposit"
            value={draft.deposit}
            currency={draft.currency}
            hint={t`Of the total, asked for first; the client pays the balance after it.`}
            errors={errors}
            onChange={(deposit) => set({ deposit })}
          />
          <TextAreaField
            label={t`Notes (optional)`}
            name="invoice.notes"
            rows={3}
            maxLength={2000}
            value={draft.notes}
            onChange={(e) => set({ notes: e.target.value })}
            errors={errors}
            hint={t`Shown on the invoice: a thank-you, what the work was.`}
          />
          <TextAreaField
            label={t`Terms (optional)`}
            name="invoice.terms"
            rows={3}
            maxLength={2000}
            value={draft.terms}
            onChange={(e) => set({ terms: e.target.value })}
            errors={errors}
            hint={t`E.g. how late payments are handled.`}
          />
          <fieldset
            className="fieldset"
            data-name="invoice.reminders"
            tabIndex={-1}
            aria-describedby={`${id}-reminders-hint${remindersError ? ` ${id}-reminders-error` : ''}`}
          >
            <legend>{t`Reminders to the client`}</legend>
            {reminderDays.map((days) => (
              <label key={days} className="field-check">
                <input
                  type="checkbox"
                  name="invoice.reminders"
                  value={days}
                  checked={draft.reminders.includes(days)}
                  onChange={(e) =>
                    set({
                      reminders: e.target.checked
                        ? [...draft.reminders, days]
                        : draft.reminders.filter((d) => d !== days),
                    })
                  }
                />
                {reminderLabel(days)}
              </label>
            ))}
            <FieldNotes
              id={`${id}-reminders`}
              hint={t`Sent at ${hour}:00 your time, only while something is left to pay.`}
              error={remindersError}
            />
          </fieldset>
          {/* On a phone the total stays in sight while the seller types; the figures are in the panel below. */}
          <p className="totals-bar" aria-hidden="true">
            <span>{t`Total`}</span> <strong>{formatMoney(totals.total, draft.currency)}</strong>
            {totals.deposit ? <span className="muted"> · {t`deposit ${depositText}`}</span> : null}
          </p>
        </div>
        <div className="invoice-aside">
          <TotalsPanel totals={totals} currency={draft.currency} announce />
          <div className="invoice-save">
            {sent ? (
              <button
                type="submit"
                name="action"
                value="send"
                className="button"
                disabled={!!saving.busy}
                aria-busy={!!saving.busy}
              >
                {saving.busy ? t`Saving…` : t`Save and send again`}
              </button>
            ) : (
              <>
                <button
                  type="submit"
                  name="action"
                  value="send"
                  className="button"
                  disabled={!!saving.busy}
                  aria-busy={saving.busy === 'send'}
                >
                  {saving.busy === 'send' ? t`Sending…` : t`Save and send`}
                </button>
                <button
                  type="submit"
                  name="action"
                  value="draft"
                  className="button secondary"
                  disabled={!!saving.busy}
                  aria-busy={saving.busy === 'draft'}
                >
                  {saving.busy === 'draft' ? t`Saving…` : t`Save draft`}
                </button>
              </>
            )}
            {existing ? (
              <Link to="/account/invoices/$id" params={{ id: existing.id }}>
                <Trans>Cancel</Trans>
              </Link>
            ) : (
              <Link to="/account/invoices">
                <Trans>Cancel</Trans>
              </Link>
            )}
          </div>
        </div>
      </form>
    </section>
  )
}

/** What saving a sent invoice does: its next revision, under the same number, to the client again. */
function SentNotice({ invoice }: { invoice: InvoiceView }) {
  const name = invoiceName(invoice)
  const revision = invoice.revision + 1
  const clientName = invoice.client.name
  return (
    <p className="notice">
      <Trans>
        {name} has been sent. Saving makes revision {revision}: it keeps the number {name} and is sent to{' '}
        {clientName} again.
      </Trans>
    </p>
  )
}
