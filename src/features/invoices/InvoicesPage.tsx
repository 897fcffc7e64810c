import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { type FormEvent, useEffect } from 'react'
import { computeTotals } from '../../../contract/invoice-totals'
import { INVOICE_STATUS_TEXT, INVOICE_STATUSES } from '../../../contract/invoices.constants'
import { Field, FormMessage, SelectField } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { LoadMore } from '../../components/LoadMore'
import { formatMoney } from '../../lib/money'
import { usePageTitle } from '../../lib/title'
import { useFlash } from './flash'
import { dayText, invoiceName, StatusBadge, WaitingBadge } from './invoice-format'
import { onSynced, syncNow } from './invoice-sync'
import { invoicesQueries } from './invoices.queries'
import { type InvoiceFilters, validateInvoicesSearch } from './invoices-search'
import { startInvoiceSync } from './start-sync'
import type { WaitingInvoice } from './waiting-invoices'

const route = getRouteApi('/_default/account/invoices/')

/**
 * /account/invoices: the seller's invoices, newest first, filtered by status, client and issue dates (kept
 * in the URL); invoices written offline on this device come first, "Waiting to sync" until Soko has them.
 */
export function InvoicesPage() {
  usePageTitle('Invoices')
  const queryClient = useQueryClient()
  const filters = route.useSearch()
  const list = useInfiniteQuery(invoicesQueries.list(filters))
  const waiting = useQuery(invoicesQueries.waiting())
  const [message, setMessage] = useFlash('list')
  useEffect(() => {
    startInvoiceSync(queryClient)
    // Opening the list is a moment to try again (after a try that found Soko unreachable, say).
    if (navigator.onLine) void syncNow()
    return onSynced(({ synced, refused }) => {
      const names = synced.map((s) => `${invoiceName(s.invoice)} for ${s.invoice.client.name}`).join(', ')
      const problems = synced.flatMap((s) => (s.sendProblem ? [s.sendProblem] : []))
      setMessage(
        [
          synced.length ? `Now on Soko: ${names}.` : '',
          problems.length ? `It could not be sent: ${problems.join(' ')}` : '',
          refused.length
            ? `${refused.length === 1 ? 'One invoice' : `${refused.length} invoices`} kept on this device ${
                refused.length === 1 ? 'needs' : 'need'
              } changes: open “Fix this draft”.`
            : '',
        ]
          .filter(Boolean)
          .join(' '),
      )
    })
  }, [queryClient, setMessage])
  const invoices = list.data?.pages.flatMap((page) => page.invoices) ?? []
  const filtered = Boolean(filters.status || filters.client || filters.from || filters.to)
  // Kept drafts are drafts: shown unless the filters leave drafts out, or name another client.
  const kept = (waiting.data ?? []).filter(
    ({ invoice }) =>
      (!filters.status || filters.status === 'draft') &&
      invoice.client.name.toLowerCase().includes((filters.client ?? '').toLowerCase()),
  )
  const empty = list.isSuccess && invoices.length === 0 && kept.length === 0
  return (
    <section className="page invoices" aria-labelledby="invoices-heading">
      <h1 id="invoices-heading">Invoices</h1>
      {/* With nothing to list yet, the empty state says what to do: no filters, one button. */}
      {empty && !filtered ? null : (
        <p className="actions">
          <Link to="/account/create/invoice" className="button">
            Create an invoice
          </Link>
        </p>
      )}
      <FormMessage message={message} tone="ok" />
      {empty && !filtered ? null : <Filters filters={filters} empty={empty} />}
      <ListState list={list} what="your invoices" />
      {empty ? (
        <div className="empty-state">
          <p>
            {filtered
              ? 'No invoice matches these filters.'
              : 'No invoices yet. Bill a client in a minute: they pay by M-Pesa, card or PayPal.'}
          </p>
          {filtered ? (
            <p className="actions">
              <Link to="/account/invoices">Show all invoices</Link>
            </p>
          ) : (
            <p className="actions">
              <Link to="/account/create/invoice" className="button">
                Create an invoice
              </Link>
            </p>
          )}
        </div>
      ) : null}
      {invoices.length > 0 || kept.length > 0 ? (
        <table className="table table-stack invoice-table">
          <caption className="visually-hidden">Your invoices, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Invoice</th>
              <th scope="col">Client</th>
              <th scope="col" className="amount">
                Total
              </th>
              <th scope="col" className="amount">
                Paid
              </th>
              <th scope="col">Status</th>
              <th scope="col">Due</th>
            </tr>
          </thead>
          <tbody>
            {kept.map((item) => (
              <WaitingRow key={item.draftKey} item={item} />
            ))}
            {invoices.map((invoice) => (
              <tr key={invoice.id}>
                <th scope="row">
                  <Link to="/account/invoices/$id" params={{ id: invoice.id }}>
                    {invoiceName(invoice)}
                    <span className="visually-hidden"> for {invoice.clientName}</span>
                  </Link>
                </th>
                <td data-label="Client">{invoice.clientName}</td>
                <td data-label="Total" className="amount">
                  {formatMoney(invoice.total, invoice.currency)}
                </td>
                <td data-label="Paid" className="amount">
                  {formatMoney(invoice.paid, invoice.currency)}
                </td>
                <td data-label="Status">
                  <StatusBadge status={invoice.status} />
                </td>
                <td data-label="Due">{dayText(invoice.dueDate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <LoadMore list={list} />
    </section>
  )
}

/** An invoice kept on this device: it opens in the editor (to fix what the server refused, or finish it). */
function WaitingRow({ item }: { item: WaitingInvoice }) {
  const { invoice } = item
  const total = computeTotals({
    lines: invoice.lines,
    discount: invoice.discount ?? null,
    taxes: (invoice.taxes ?? []).map((t) => ({ ...t, inclusive: t.inclusive ?? false })),
    deposit: invoice.deposit ?? null,
  }).total
  const refused = Boolean(item.errors || item.problem)
  return (
    <tr className="invoice-waiting">
      <th scope="row">
        <Link to="/account/create/invoice" search={{ draft: item.draftKey }}>
          {refused ? 'Fix this draft' : 'On this device'}
          <span className="visually-hidden"> for {invoice.client.name}</span>
        </Link>
      </th>
      <td data-label="Client">{invoice.client.name}</td>
      <td data-label="Total" className="amount">
        {formatMoney(total, invoice.currency)}
      </td>
      <td data-label="Paid" className="amount">
        —
      </td>
      <td data-label="Status">
        <span>
          <WaitingBadge refused={refused} />
          {item.send && !refused ? <span className="muted"> · then sent</span> : null}
        </span>
      </td>
      <td data-label="Due">{dayText(invoice.dueDate)}</td>
    </tr>
  )
}

/** Status, client and issue dates as a search form: "Show" puts them in the URL; "Clear filters" drops them. */
function Filters({ filters, empty }: { filters: InvoiceFilters; empty: boolean }) {
  const navigate = route.useNavigate()
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => String(form.get(name) ?? '')
    void navigate({
      search: validateInvoicesSearch({
        status: value('status'),
        client: value('client'),
        from: value('from'),
        to: value('to'),
      }),
    })
  }
  return (
    <search>
      {/* Keyed by the URL's filters, so going back in history shows the filters of that view. */}
      <form className="transactions-filters" onSubmit={onSubmit} key={JSON.stringify(filters)}>
        <SelectField
          label="Status"
          name="status"
          defaultValue={filters.status ?? ''}
          options={[
            { value: '', label: 'All statuses' },
            ...INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_TEXT[s] })),
          ]}
        />
        <Field
          label="Client"
          name="client"
          type="search"
          placeholder="Name or number"
          defaultValue={filters.client ?? ''}
        />
        <Field label="Issued from" name="from" type="date" defaultValue={filters.from ?? ''} />
        <Field label="Issued to" name="to" type="date" defaultValue={filters.to ?? ''} />
        <p className="actions">
          <button type="submit" className="button secondary">
            Show
          </button>
          {(filters.status || filters.client || filters.from || filters.to) && !empty ? (
            <Link to="/account/invoices">Clear filters</Link>
          ) : null}
        </p>
      </form>
    </search>
  )
}
