import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { RECORDED_PAYMENT_METHODS, type RecordedPaymentMethod } from '../../../contract/invoices.constants'
import type { InvoiceView } from '../../../contract/invoices.contract'
import { Choice, errorState, Field, FieldNotes, FormMessage } from '../../components/Form'
import { formatMoney, majorText } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { amountOf, today } from './invoice-draft'
import { invoiceName, paymentMethodText } from './invoice-format'

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
  const { t } = useLingui()
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
      const recorded = formatMoney(amount ?? 0, invoice.currency)
      const by = paymentMethodText(method).toLowerCase()
      const left = formatMoney(next.totals.balance, next.currency)
      onDone(
        next.totals.balance > 0
          ? t`Recorded ${recorded} by ${by}. Left to pay: ${left}.`
          : t`Recorded ${recorded} by ${by}. It is paid in full.`,
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
          <Trans>Record a payment</Trans>
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
            // i18n-ignore: rewrites the server's English message only (its Kiswahili comes written in full)
            (_, n: string) => `At most ${formatMoney(Number(n), invoice.currency)} `,
          ),
        }
      : {}),
    ...(amountText && amount === null ? { amount: t`Write an amount like 1500 or 1,500.50` } : {}),
  }
  const name = invoiceName(invoice)
  const currency = invoice.currency
  const balance = formatMoney(invoice.totals.balance, invoice.currency)
  const amountMoney = formatMoney(amount ?? 0, invoice.currency)
  return (
    <form
      className="form card record-payment"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!record.isPending && amount) record.mutate()
      }}
    >
      <h3>
        <Trans>Record a payment to {name}</Trans>
      </h3>
      <p className="muted">
        <Trans>For money you received outside Soko. Nothing is charged.</Trans>
      </p>
      <FormMessage message={failed && Object.keys(failed.errors).length === 0 ? failed.message : null} />
      <fieldset className="fieldset">
        <legend>
          <Trans>How it was paid</Trans>
        </legend>
        <div className="choices">
          {RECORDED_PAYMENT_METHODS.map((m) => (
            <Choice key={m} name="method" value={m} checked={method === m} onChoose={() => setMethod(m)}>
              {paymentMethodText(m)}
            </Choice>
          ))}
        </div>
        <FieldNotes id="record-method" error={errors.method} />
      </fieldset>
      <Field
        label={t`Amount (${currency})`}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amountText}
        onChange={(event) => setAmountText(event.target.value)}
        errors={errors}
        hint={t`Left to pay: ${balance}.`}
      />
      <Field
        label={t`Received on`}
        name="receivedOn"
        type="date"
        value={receivedOn}
        max={today()}
        onChange={(event) => setReceivedOn(event.target.value)}
        errors={errors}
      />
      <Field
        label={t`Note (optional)`}
        name="note"
        value={note}
        maxLength={300}
        onChange={(event) => setNote(event.target.value)}
        errors={errors}
        hint={t`E.g. the bank's reference.`}
      />
      <p className="actions">
        <button
          type="submit"
          className="button"
          disabled={record.isPending || !amount}
          aria-busy={record.isPending}
        >
          {record.isPending ? t`Recording…` : amount ? t`Record ${amountMoney}` : t`Record`}
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={record.isPending}
          onClick={() => setAsking(false)}
        >
          <Trans>Close</Trans>
        </button>
      </p>
    </form>
  )
}
