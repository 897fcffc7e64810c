import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { InvoiceView } from '../../../contract/invoices.contract'
import { errorState, Field, FormMessage } from '../../components/Form'
import { Share } from '../../components/Share'
import { rpc } from '../../lib/rpc'
import { flash } from './flash'
import { invoiceName, sentTo } from './invoice-format'
import { invoicesQueries } from './invoices.queries'
import { RecordPayment } from './RecordPayment'

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
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const name = invoiceName(invoice)
  const clientName = invoice.client.name
  const refresh = (next: InvoiceView) => {
    queryClient.setQueryData(invoicesQueries.one(next.id).queryKey, next)
    void queryClient.invalidateQueries({ queryKey: invoicesQueries.all() })
  }
  const send = useMutation({
    mutationFn: () => rpc('sendInvoice', { invoiceId: invoice.id }),
    onMutate: () => onDone(null),
    onSuccess: ({ invoice: sent }) => {
      refresh(sent)
      const sentName = invoiceName(sent)
      const to = sentTo(sent)
      onDone(to ? t`${sentName} sent to ${to}.` : t`${sentName} sent.`)
    },
  })
  const duplicate = useMutation({
    mutationFn: () => rpc('duplicateInvoice', { invoiceId: invoice.id }),
    onSuccess: async ({ invoice: copy }) => {
      refresh(copy)
      flash(copy.id, t`A copy of ${name}, dated today: change what differs, then send it.`)
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
        <Trans>Actions</Trans>
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
            {send.isPending ? t`Sending…` : invoice.status === 'draft' ? t`Send` : t`Send again`}
          </button>
        ) : null}
        {open(invoice) ? (
          <Link to="/account/create/invoice" search={{ invoice: invoice.id }} className="button secondary">
            <Trans>Edit</Trans>
          </Link>
        ) : null}
        <button
          type="button"
          className="button secondary"
          disabled={duplicate.isPending}
          aria-busy={duplicate.isPending}
          onClick={() => duplicate.mutate()}
        >
          {duplicate.isPending ? t`Duplicating…` : t`Duplicate`}
        </button>
        <a className="button secondary" href={invoice.pdfUrl} download={`${name}.pdf`}>
          <Trans>Download PDF</Trans>
        </a>
      </div>
      {invoice.payUrl ? (
        <section className="card invoice-share" aria-labelledby="share-heading">
          <h3 id="share-heading">
            <Trans>The client’s pay link</Trans>
          </h3>
          <p className="pay-link">
            <a href={invoice.payUrl} target="_blank" rel="noopener noreferrer">
              {invoice.payUrl}
            </a>
          </p>
          <Share
            title={t`Invoice ${name}`}
            text={t`Invoice ${name} for ${clientName}: view and pay it here`}
            url={invoice.payUrl}
            copyLabel={t`Copy pay link`}
          />
        </section>
      ) : (
        <p className="muted">
          <Trans>The pay link is made when the invoice is first sent.</Trans>
        </p>
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
  const { t } = useLingui()
  const [asking, setAsking] = useState(false)
  const [reason, setReason] = useState('')
  const name = invoiceName(invoice)
  const clientName = invoice.client.name
  const cancel = useMutation({
    mutationFn: () => rpc('voidInvoice', { invoiceId: invoice.id, reason: reason.trim() || null }),
    onSuccess: ({ invoice: voided }) => {
      setAsking(false)
      refresh(voided)
      onDone(voided.payUrl ? t`${name} is cancelled. Its pay page now says so.` : t`${name} is cancelled.`)
    },
  })
  if (!asking)
    return (
      <p>
        <button type="button" className="link-button danger" onClick={() => setAsking(true)}>
          <Trans>
            Cancel invoice<span className="visually-hidden"> {name}</span>
          </Trans>
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
      <h3>
        <Trans>Cancel {name}?</Trans>
      </h3>
      <p>
        {invoice.status === 'draft'
          ? t`It will not be sent, and it stays in your list as cancelled.`
          : t`${clientName} can no longer pay it: the pay link says it was cancelled.`}
      </p>
      <FormMessage message={failed && Object.keys(failed.errors).length === 0 ? failed.message : null} />
      <Field
        label={t`Reason (optional)`}
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
          {cancel.isPending ? t`Cancelling…` : t`Cancel the invoice`}
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={cancel.isPending}
          onClick={() => setAsking(false)}
        >
          <Trans>Keep it</Trans>
        </button>
      </p>
    </form>
  )
}
