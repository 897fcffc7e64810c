import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { RECORDED_PAYMENT_METHODS, type RecordedPaymentMethod } from '../../../contract/invoices.constants'
import type { InvoiceView } from '../../../contract/invoices.contract'
import { Choice, errorState, Field, FieldNotes, FormMessage } from '../../components/Form'
import { formatMoney, majorText } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { amountOf, today } from './invoice-draft'
import { invoiceName, PAYMENT_METHOD_TEXT } from './invoice-format'

/**
 * Money the client paid outside Soko (cash, a bank transfer), recorded so the invoice shows it: the
 * method, the amount (what is left to pay, to start with), the day and a note. No money moves in Soko.
 */
export function RecordPayment({
  invoice,
  onDone,
  refresh,
}: {
  invoice: InvoiceView
  onDone: (message: string | null) => void
  refresh: (invoice: InvoiceView) => void
}) {
  const [asking, setAsking] = useState(false)
  const [method, setMethod] = useState<RecordedPaymentMethod>('cash')
  const [amountText, setAmountText] = useState(() => majorText(invoice.totals.balance, invoice.currency))
  const [receivedOn, setReceivedOn] = useState(today)
  const [note, setNote] = useState('')
  const amount = amountOf(amountText, invoice.currency)
  const record = useMutation({
    mutationFn: () =>
      rpc('recordInvoicePayment', {
        invoiceId: invoice.id,
        method,
        amount: amount ?? 0,
        receivedOn,
        note: note.trim() || null,
      }),
    onSuccess: ({ invoice: next }) => {
      setAsking(false)
      setNote('')
      refresh(next)
      onDone(
        `Recorded ${formatMoney(amount ?? 0, invoice.currency)} by ${PAYMENT_METHOD_TEXT[method]?.toLowerCase()}.${
          next.totals.balance > 0
            ? ` Left to pay: ${formatMoney(next.totals.balance, next.currency)}.`
            : ' It is paid in full.'
        }`,
      )
    },
  })
  if (!asking)
    return (
      <p>
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            setAmountText(majorText(invoice.totals.balance, invoice.currency))
            setAsking(true)
          }}
        >
          Record a payment
        </button>
      </p>
    )
  const failed = record.isError ? errorState(record.error) : null
  const serverErrors = failed?.errors ?? {}
  const errors: Record<string, string> = {
    ...serverErrors,
    // The server says what is left in minor units ("At most 150000 is left to pay"): written as money here.
    ...(serverErrors.amount
      ? {
          amount: serverErrors.amount.replace(
            /^At most (\d+) /,
            (_, n: string) => `At most ${formatMoney(Number(n), invoice.currency)} `,
          ),
        }
      : {}),
    ...(amountText && amount === null ? { amount: 'Write an amount like 1500 or 1,500.50' } : {}),
  }
  return (
    <form
      className="form card record-payment"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!record.isPending && amount) record.mutate()
      }}
    >
      <h3>Record a payment to {invoiceName(invoice)}</h3>
      <p className="muted">For money you received outside Soko. Nothing is charged.</p>
      <FormMessage message={failed && Object.keys(failed.errors).length === 0 ? failed.message : null} />
      <fieldset className="fieldset">
        <legend>How it was paid</legend>
        <div className="choices">
          {RECORDED_PAYMENT_METHODS.map((m) => (
            <Choice key={m} name="method" value={m} checked={method === m} onChoose={() => setMethod(m)}>
              {PAYMENT_METHOD_TEXT[m]}
            </Choice>
          ))}
        </div>
        <FieldNotes id="record-method" error={errors.method} />
      </fieldset>
      <Field
        label={`Amount (${invoice.currency})`}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amountText}
        onChange={(event) => setAmountText(event.target.value)}
        errors={errors}
        hint={`Left to pay: ${formatMoney(invoice.totals.balance, invoice.currency)}.`}
      />
      <Field
        label="Received on"
        name="receivedOn"
        type="date"
        value={receivedOn}
        max={today()}
        onChange={(event) => setReceivedOn(event.target.value)}
        errors={errors}
      />
      <Field
        label="Note (optional)"
        name="note"
        value={note}
        maxLength={300}
        onChange={(event) => setNote(event.target.value)}
        errors={errors}
        hint="E.g. the bank's reference."
      />
      <p className="actions">
        <button
          type="submit"
          className="button"
          disabled={record.isPending || !amount}
          aria-busy={record.isPending}
        >
          {record.isPending
            ? 'Recording…'
            : amount
              ? `Record ${formatMoney(amount, invoice.currency)}`
              : 'Record'}
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={record.isPending}
          onClick={() => setAsking(false)}
        >
          Close
        </button>
      </p>
    </form>
  )
}
