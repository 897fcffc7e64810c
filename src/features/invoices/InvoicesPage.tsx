import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { type FormEvent, useEffect } from 'react'
import { computeTotals } from '../../../contract/invoice-totals'
import { INVOICE_STATUSES } from '../../../contract/invoices.constants'
import { Field, FormMessage, SelectField } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { LoadMore } from '../../components/LoadMore'
import { formatMoney } from '../../lib/money'
import { usePageTitle } from '../../lib/title'
import { useFlash } from './flash'
import { dayText, INVOICE_STATUS_MESSAGES, invoiceName, StatusBadge, WaitingBadge } from './invoice-format'
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
  const { t } = useLingui()
  usePageTitle(t`Invoices`)
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
      const names = synced
        .map((s) => {
          const name = invoiceName(s.invoice)
          const clientName = s.invoice.client.name
          return t`${name} for ${clientName}`
        })
        .join(', ')
      const refusedCount = refused.length
      const problems = synced.flatMap((s) => (s.sendProblem ? [s.sendProblem] : [])).join(' ')
      setMessage(
        [
          synced.length ? t`Now on Soko: ${names}.` : '',
          problems ? t`It could not be sent: ${problems}` : '',
          refused.length
            ? t`${plural(refusedCount, {
                one: 'One invoice kept on this device needs changes: open “Fix this draft”.',
                other: '# invoices kept on this device need changes: open “Fix this draft”.',
              })}`
            : '',
        ]
          .filter(Boolean)
          .join(' '),
      )
    })
  }, [queryClient, setMessage, t])
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
      <h1 id="invoices-heading">
        <Trans>Invoices</Trans>
      </h1>
      {/* With nothing to list yet, the empty state says what to do: no filters, one button. */}
      {empty && !filtered ? null : (
        <p className="actions">
          <Link to="/account/create/invoice" className="button">
            <Trans>Create an invoice</Trans>
          </Link>
        </p>
      )}
      <FormMessage message={message} tone="ok" />
      {empty && !filtered ? null : <Filters filters={filters} empty={empty} />}
      <ListState list={list} what={t`your invoices`} />
      {empty ? (
        <div className="empty-state">
          <p>
            {filtered
              ? t`No invoice matches these filters.`
              : t`No invoices yet. Bill a client in a minute: they pay by M-Pesa, card or PayPal.`}
          </p>
          {filtered ? (
            <p className="actions">
              <Link to="/account/invoices">
                <Trans>Show all invoices</Trans>
              </Link>
            </p>
          ) : (
            <p className="actions">
              <Link to="/account/create/invoice" className="button">
                <Trans>Create an invoice</Trans>
              </Link>
            </p>
          )}
        </div>
      ) : null}
      {invoices.length > 0 || kept.length > 0 ? (
        <table className="table table-stack invoice-table">
          <caption className="visually-hidden">
            <Trans>Your invoices, newest first</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">{t`Invoice`}</th>
              <th scope="col">{t`Client`}</th>
              <th scope="col" className="amount">
                {t`Total`}
              </th>
              <th scope="col" className="amount">
                {t`Paid`}
              </th>
              <th scope="col">{t`Status`}</th>
              <th scope="col">{t({ message: 'Due', context: 'due date' })}</th>
            </tr>
          </thead>
          <tbody>
            {kept.map((item) => (
              <WaitingRow key={item.draftKey} item={item} />
            ))}
            {invoices.map((invoice) => {
              const clientName = invoice.clientName
              return (
                <tr key={invoice.id}>
                  <th scope="row">
                    <Link to="/account/invoices/$id" params={{ id: invoice.id }}>
                      {invoiceName(invoice)}
                      <span className="visually-hidden"> {t`for ${clientName}`}</span>
                    </Link>
                  </th>
                  <td data-label={t`Client`}>{clientName}</td>
                  <td data-label={t`Total`} className="amount">
                    {formatMoney(invoice.total, invoice.currency)}
                  </td>
                  <td data-label={t`Paid`} className="amount">
                    {formatMoney(invoice.paid, invoice.currency)}
                  </td>
                  <td data-label={t`Status`}>
                    <StatusBadge status={invoice.status} />
                  </td>
                  <td data-label={t({ message: 'Due', context: 'due date' })}>{dayText(invoice.dueDate)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      ) : null}
      <LoadMore list={list} />
    </section>
  )
}

/** An invoice kept on this device: it opens in the editor (to fix what the server refused, or finish it). */
function WaitingRow({ item }: { item: WaitingInvoice }) {
  const { t } = useLingui()
  const { invoice } = item
  const clientName = invoice.client.name
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
          {refused ? t`Fix this draft` : t`On this device`}
          <span className="visually-hidden"> {t`for ${clientName}`}</span>
        </Link>
      </th>
      <td data-label={t`Client`}>{clientName}</td>
      <td data-label={t`Total`} className="amount">
        {formatMoney(total, invoice.currency)}
      </td>
      <td data-label={t`Paid`} className="amount">
        —
      </td>
      <td data-label={t`Status`}>
        <span>
          <WaitingBadge refused={refused} />
          {item.send && !refused ? <span className="muted"> · {t`then sent`}</span> : null}
        </span>
      </td>
      <td data-label={t({ message: 'Due', context: 'due date' })}>{dayText(invoice.dueDate)}</td>
    </tr>
  )
}

/** Status, client and issue dates as a search form: "Show" puts them in the URL; "Clear filters" drops them. */
function Filters({ filters, empty }: { filters: InvoiceFilters; empty: boolean }) {
  const { t } = useLingui()
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
          label={t`Status`}
          name="status"
          defaultValue={filters.status ?? ''}
          options={[
            { value: '', label: t`All statuses` },
            ...INVOICE_STATUSES.map((s) => ({ value: s, label: t(INVOICE_STATUS_MESSAGES[s]) })),
          ]}
        />
        <Field
          label={t`Client`}
          name="client"
          type="search"
          placeholder={t`Name or number`}
          defaultValue={filters.client ?? ''}
        />
        <Field label={t`Issued from`} name="from" type="date" defaultValue={filters.from ?? ''} />
        <Field label={t`Issued to`} name="to" type="date" defaultValue={filters.to ?? ''} />
        <p className="actions">
          <button type="submit" className="button secondary">
            <Trans>Show</Trans>
          </button>
          {(filters.status || filters.client || filters.from || filters.to) && !empty ? (
            <Link to="/account/invoices">
              <Trans>Clear filters</Trans>
            </Link>
          ) : null}
        </p>
      </form>
    </search>
  )
}
