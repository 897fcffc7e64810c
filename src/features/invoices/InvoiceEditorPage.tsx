import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { isUnreachable } from '../../lib/connection'
import { randomUuid } from '../../lib/random-uuid'
import { usePageTitle } from '../../lib/title'
import { useSellerCurrency } from '../accounts/seller-currency'
import { customersQueries } from '../customers/customers.queries'
import { useFlash } from './flash'
import { InvoiceEditor } from './InvoiceEditor'
import { emptyInvoiceDraft, type InvoiceDraft, invoiceDraftOf } from './invoice-draft'
import { invoiceName } from './invoice-format'
import { invoicesQueries } from './invoices.queries'
import { startInvoiceSync } from './start-sync'

/**
 * /account/create/invoice: a new invoice; `?invoice={id}` changes one on Soko (from its fresh copy, never
 * one kept for offline: saving a stale copy would undo changes made since); `?draft={draftKey}` opens one
 * kept on this device, to fix what the server refused or to finish it.
 */
export function InvoiceEditorPage({
  invoiceId,
  draftKey,
  clientKey,
}: {
  invoiceId?: string
  draftKey?: string
  clientKey?: string
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  useEffect(() => {
    startInvoiceSync(queryClient)
  }, [queryClient])
  usePageTitle(invoiceId ? t`Edit invoice` : t`New invoice`)
  if (invoiceId) return <EditExisting invoiceId={invoiceId} />
  if (draftKey) return <EditWaiting draftKey={draftKey} />
  if (clientKey) return <NewInvoiceForClient clientKey={clientKey} />
  return <NewInvoice />
}

/** "New invoice" from a client's page: the client is filled in from the client book (offline too, once seen). */
function NewInvoiceForClient({ clientKey }: { clientKey: string }) {
  const client = useQuery(customersQueries.one(clientKey))
  if (client.isPending && client.fetchStatus !== 'paused')
    return (
      <p className="page" role="status">
        <Trans>Loading the client…</Trans>
      </p>
    )
  const found = client.data?.customer
  return (
    <NewInvoice
      client={
        found
          ? { name: found.name, email: found.email ?? '', phone: found.phone ? `+${found.phone}` : '' }
          : undefined
      }
    />
  )
}

function NewInvoice({ client }: { client?: InvoiceDraft['client'] | undefined }) {
  const currency = useSellerCurrency()
  const [draftKey] = useState(randomUuid)
  const [initial] = useState(() => ({
    ...emptyInvoiceDraft(currency ?? 'KES'),
    ...(client ? { client } : {}),
  }))
  return (
    <InvoiceEditor
      initial={initial}
      defaultCurrency={currency}
      existing={null}
      draftKey={draftKey}
      fromDevice={false}
    />
  )
}

function EditExisting({ invoiceId }: { invoiceId: string }) {
  const { t } = useLingui()
  const invoice = useQuery(invoicesQueries.one(invoiceId))
  // What brought the seller here, e.g. "A copy of INV-0007, dated today".
  const [note] = useFlash(invoiceId)
  const [draftKey] = useState(randomUuid)
  const fresh = invoice.isFetchedAfterMount && !invoice.isError && invoice.data
  const reason = invoice.error?.message ?? ''
  if (invoice.isError && !invoice.isFetching)
    return (
      <section className="page narrow">
        <h1>
          <Trans>Edit invoice</Trans>
        </h1>
        <p role="alert">
          {isUnreachable(invoice.error)
            ? t`You are offline: an invoice already on Soko can be changed once you are back online.`
            : t`The invoice could not be loaded. ${reason}`}
        </p>
        <button type="button" className="button secondary" onClick={() => void invoice.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </section>
    )
  if (!fresh)
    return (
      <p className="page" role="status">
        <Trans>Loading the invoice…</Trans>
      </p>
    )
  const current = invoice.data
  const name = invoiceName(current)
  if (current.status === 'paid' || current.status === 'void')
    return (
      <section className="page narrow">
        <h1>
          <Trans>{name} cannot change</Trans>
        </h1>
        <p>
          {current.status === 'paid' ? (
            <Trans>A paid invoice stays as it is. Duplicate it to bill again.</Trans>
          ) : (
            <Trans>A cancelled invoice stays as it is. Duplicate it to bill again.</Trans>
          )}
        </p>
        <Link to="/account/invoices/$id" params={{ id: current.id }}>
          <Trans>Back to {name}</Trans>
        </Link>
      </section>
    )
  return (
    <InvoiceEditor
      key={current.id}
      initial={invoiceDraftOf(current)}
      existing={current}
      draftKey={draftKey}
      fromDevice={false}
      note={note}
    />
  )
}

function EditWaiting({ draftKey }: { draftKey: string }) {
  const waiting = useQuery(invoicesQueries.waitingOne(draftKey))
  if (waiting.isPending)
    return (
      <p className="page" role="status">
        <Trans>Loading the invoice…</Trans>
      </p>
    )
  if (!waiting.data)
    return (
      <section className="page narrow">
        <h1>
          <Trans>Not on this device</Trans>
        </h1>
        <p>
          <Trans>This invoice is no longer waiting here: it may have gone to Soko already.</Trans>{' '}
          <Link to="/account/invoices">
            <Trans>See your invoices</Trans>
          </Link>
        </p>
      </section>
    )
  const item = waiting.data
  return (
    <InvoiceEditor
      key={draftKey}
      initial={invoiceDraftOf(item.invoice)}
      existing={null}
      draftKey={draftKey}
      fromDevice
      problem={item.problem}
      serverErrors={item.errors}
    />
  )
}
