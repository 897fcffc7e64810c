import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { InvoiceView } from '../../../contract/invoices.contract'
import { errorState, Field, FormMessage } from '../../components/Form'
import { Share } from '../../components/Share'
import { rpc } from '../../lib/rpc'
import { flash } from './flash'
import { invoiceName } from './invoice-format'
import { invoicesQueries } from './invoices.queries'
import { RecordPayment } from './RecordPayment'
import { sentTo } from './useInvoiceSave'

/** Whether the invoice can still change: a paid or cancelled one stays as it is. */
const open = (invoice: InvoiceView) => invoice.status !== 'paid' && invoice.status !== 'void'

/**
 * What the seller can do with an invoice: send it (again), edit, duplicate, share its pay link, download
 * its PDF, record a payment made outside Soko, or cancel it while nothing is paid on it.
 */
export function InvoiceActions({
  invoice,
  onDone,
}: {
  invoice: InvoiceView
  onDone: (message: string | null) => void
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const name = invoiceName(invoice)
  const refresh = (next: InvoiceView) => {
    queryClient.setQueryData(invoicesQueries.one(next.id).queryKey, next)
    void queryClient.invalidateQueries({ queryKey: invoicesQueries.all() })
  }
  const send = useMutation({
    mutationFn: () => rpc('sendInvoice', { invoiceId: invoice.id }),
    onMutate: () => onDone(null),
    onSuccess: ({ invoice: sent }) => {
      refresh(sent)
      onDone(`${invoiceName(sent)} sent${sentTo(sent)}.`)
    },
  })
  const duplicate = useMutation({
    mutationFn: () => rpc('duplicateInvoice', { invoiceId: invoice.id }),
    onSuccess: async ({ invoice: copy }) => {
      refresh(copy)
      flash(copy.id, `A copy of ${name}, dated today: change what differs, then send it.`)
      await navigate({ to: '/account/create/invoice', search: { invoice: copy.id } })
    },
  })
  const failed = send.isError
    ? errorState(send.error)
    : duplicate.isError
      ? errorState(duplicate.error)
      : null
  const canSend = open(invoice)
  return (
    <aside className="invoice-tools" aria-labelledby="actions-heading">
      <h2 id="actions-heading" className="visually-hidden">
        Actions
      </h2>
      <FormMessage message={failed?.message ?? null} />
      <div className="actions">
        {canSend ? (
          <button
            type="button"
            className="button"
            disabled={send.isPending}
            aria-busy={send.isPending}
            onClick={() => send.mutate()}
          >
            {send.isPending ? 'Sending…' : invoice.status === 'draft' ? 'Send' : 'Send again'}
          </button>
        ) : null}
        {open(invoice) ? (
          <Link to="/account/create/invoice" search={{ invoice: invoice.id }} className="button secondary">
            Edit
          </Link>
        ) : null}
        <button
          type="button"
          className="button secondary"
          disabled={duplicate.isPending}
          aria-busy={duplicate.isPending}
          onClick={() => duplicate.mutate()}
        >
          {duplicate.isPending ? 'Duplicating…' : 'Duplicate'}
        </button>
        <a className="button secondary" href={invoice.pdfUrl} download={`${name}.pdf`}>
          Download PDF
        </a>
      </div>
      {invoice.payUrl ? (
        <section className="card invoice-share" aria-labelledby="share-heading">
          <h3 id="share-heading">The client’s pay link</h3>
          <p className="pay-link">
            <a href={invoice.payUrl} target="_blank" rel="noopener noreferrer">
              {invoice.payUrl}
            </a>
          </p>
          <Share
            title={`Invoice ${name}`}
            text={`Invoice ${name} for ${invoice.client.name}: view and pay it here`}
            url={invoice.payUrl}
            copyLabel="Copy pay link"
          />
        </section>
      ) : (
        <p className="muted">The pay link is made when the invoice is first sent.</p>
      )}
      {invoice.status !== 'draft' && open(invoice) ? (
        <RecordPayment invoice={invoice} onDone={onDone} refresh={refresh} />
      ) : null}
      {open(invoice) && invoice.totals.paid === 0 ? (
        <VoidInvoice invoice={invoice} onDone={onDone} refresh={refresh} />
      ) : null}
    </aside>
  )
}

/** Cancelling takes a second step: an optional reason, and a confirm that says what the client sees. */
function VoidInvoice({
  invoice,
  onDone,
  refresh,
}: {
  invoice: InvoiceView
  onDone: (message: string | null) => void
  refresh: (invoice: InvoiceView) => void
}) {
  const [asking, setAsking] = useState(false)
  const [reason, setReason] = useState('')
  const name = invoiceName(invoice)
  const cancel = useMutation({
    mutationFn: () => rpc('voidInvoice', { invoiceId: invoice.id, reason: reason.trim() || null }),
    onSuccess: ({ invoice: voided }) => {
      setAsking(false)
      refresh(voided)
      onDone(`${name} is cancelled.${voided.payUrl ? ' Its pay page now says so.' : ''}`)
    },
  })
  if (!asking)
    return (
      <p>
        <button type="button" className="link-button danger" onClick={() => setAsking(true)}>
          Cancel invoice<span className="visually-hidden"> {name}</span>
        </button>
      </p>
    )
  const failed = cancel.isError ? errorState(cancel.error) : null
  return (
    <form
      className="form card void-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!cancel.isPending) cancel.mutate()
      }}
    >
      <h3>Cancel {name}?</h3>
      <p>
        {invoice.status === 'draft'
          ? 'It will not be sent, and it stays in your list as cancelled.'
          : `${invoice.client.name} can no longer pay it: the pay link says it was cancelled.`}
      </p>
      <FormMessage message={failed && Object.keys(failed.errors).length === 0 ? failed.message : null} />
      <Field
        label="Reason (optional)"
        name="reason"
        value={reason}
        maxLength={300}
        onChange={(event) => setReason(event.target.value)}
        errors={failed?.errors ?? {}}
      />
      <p className="actions">
        <button
          type="submit"
          className="button danger"
          disabled={cancel.isPending}
          aria-busy={cancel.isPending}
        >
          {cancel.isPending ? 'Cancelling…' : 'Cancel the invoice'}
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={cancel.isPending}
          onClick={() => setAsking(false)}
        >
          Keep it
        </button>
      </p>
    </form>
  )
}
