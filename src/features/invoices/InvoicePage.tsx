import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { quantityText } from '../../../contract/invoice-totals'
import { reminderText } from '../../../contract/invoices.constants'
import type { InvoiceView } from '../../../contract/invoices.contract'
import { displayPhone } from '../../../contract/phone-number'
import { FormMessage } from '../../components/Form'
import { OfflineNote } from '../../components/OfflineNote'
import { isUnreachable } from '../../lib/connection'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { usePageTitle } from '../../lib/title'
import { useFlash } from './flash'
import { InvoiceActions } from './InvoiceActions'
import { Payments } from './InvoicePayments'
import { dayText, invoiceName, StatusBadge } from './invoice-format'
import { invoicesQueries } from './invoices.queries'
import { TotalsPanel } from './TotalsPanel'

/**
 * /account/invoices/{id}: one invoice as the seller sees it — status, client, lines and totals, payments
 * and reminders — with what can be done to it (InvoiceActions).
 */
export function InvoicePage({ id }: { id: string }) {
  const invoice = useQuery(invoicesQueries.one(id))
  const [message, setMessage] = useFlash(id)
  usePageTitle(invoice.data ? `Invoice ${invoiceName(invoice.data)}` : 'Invoice')
  if (invoice.isPending)
    return (
      <p className="page" role="status">
        {invoice.fetchStatus === 'paused'
          ? 'You are offline, and this invoice was not kept on this device: it shows once you are back online.'
          : 'Loading the invoice…'}
      </p>
    )
  if (invoice.isError && !invoice.data)
    return (
      <section className="page">
        <h1>Invoice</h1>
        <p role="alert">
          {isUnreachable(invoice.error)
            ? 'You are offline: this invoice shows once you are back online.'
            : invoice.error.message}{' '}
          <button type="button" className="link-button" onClick={() => void invoice.refetch()}>
            Try again
          </button>
        </p>
        <Link to="/account/invoices">All invoices</Link>
      </section>
    )
  const data = invoice.data
  return (
    <section className="page invoice-page" aria-labelledby="invoice-heading">
      <p>
        <Link to="/account/invoices">← All invoices</Link>
      </p>
      <h1 id="invoice-heading" className="invoice-title">
        {data.number ?? 'Draft invoice'} <StatusBadge status={data.status} />
      </h1>
      <OfflineNote updatedAt={invoice.dataUpdatedAt} failed={invoice.isError} />
      <FormMessage message={message} tone={message?.includes('could not') ? 'error' : 'ok'} />
      <div className="invoice-layout">
        <Summary invoice={data} />
        <InvoiceActions invoice={data} onDone={setMessage} />
        <div className="invoice-main">
          <Lines invoice={data} />
          <TotalsPanel
            heading="Amounts"
            currency={data.currency}
            totals={{ ...data.totals, paid: data.totals.paid, balance: data.totals.balance }}
          />
          {data.notes || data.terms ? (
            <dl className="details invoice-notes">
              {data.notes ? (
                <>
                  <dt>Notes</dt>
                  <dd>{data.notes}</dd>
                </>
              ) : null}
              {data.terms ? (
                <>
                  <dt>Terms</dt>
                  <dd>{data.terms}</dd>
                </>
              ) : null}
            </dl>
          ) : null}
          <Payments invoice={data} onDone={setMessage} />
          <Reminders invoice={data} />
        </div>
      </div>
    </section>
  )
}

function Summary({ invoice }: { invoice: InvoiceView }) {
  const { client } = invoice
  return (
    <dl className="details invoice-summary">
      <dt>Client</dt>
      <dd>
        <strong>{client.name}</strong>
        {client.email ? (
          <>
            <br />
            <a href={`mailto:${client.email}`}>{client.email}</a>
          </>
        ) : null}
        {client.phone ? (
          <>
            <br />
            <a href={`tel:+${client.phone}`}>{displayPhone(client.phone)}</a>
          </>
        ) : null}
      </dd>
      <dt>Issued</dt>
      <dd>{dayText(invoice.issueDate)}</dd>
      <dt>Due</dt>
      <dd>{dayText(invoice.dueDate)}</dd>
      {invoice.totals.dueNow > 0 && invoice.status !== 'draft' && invoice.status !== 'void' ? (
        <>
          <dt>Due now</dt>
          <dd>
            <strong>{formatMoney(invoice.totals.dueNow, invoice.currency)}</strong>
            {invoice.totals.deposit > 0 && invoice.totals.paid < invoice.totals.deposit
              ? ' (the deposit)'
              : ''}
          </dd>
        </>
      ) : null}
      <dt>Reference</dt>
      <dd>
        {invoice.reference}
        {invoice.revision > 0 ? ` · revision ${invoice.revision}` : ''}
      </dd>
      {invoice.sentAt ? (
        <>
          <dt>Sent</dt>
          <dd>{formatDateTime(invoice.sentAt)}</dd>
        </>
      ) : null}
      {invoice.viewedAt ? (
        <>
          <dt>Opened by the client</dt>
          <dd>{formatDateTime(invoice.viewedAt)}</dd>
        </>
      ) : null}
      {invoice.paidAt ? (
        <>
          <dt>Paid in full</dt>
          <dd>{formatDateTime(invoice.paidAt)}</dd>
        </>
      ) : null}
      {invoice.voidedAt ? (
        <>
          <dt>Cancelled</dt>
          <dd>{formatDateTime(invoice.voidedAt)}</dd>
        </>
      ) : null}
    </dl>
  )
}

function Lines({ invoice }: { invoice: InvoiceView }) {
  const money = (amount: number) => formatMoney(amount, invoice.currency)
  return (
    <table className="table table-stack line-table">
      <caption className="visually-hidden">Lines</caption>
      <thead>
        <tr>
          <th scope="col">Description</th>
          <th scope="col">Quantity</th>
          <th scope="col" className="amount">
            Unit price
          </th>
          <th scope="col" className="amount">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {invoice.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are in the invoice's order and have no id
          <tr key={i}>
            <th scope="row">{line.description}</th>
            <td data-label="Quantity">{quantityText(line.quantityMilli)}</td>
            <td data-label="Unit price" className="amount">
              {money(line.unitPrice)}
            </td>
            <td data-label="Amount" className="amount">
              {money(line.total)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Reminders({ invoice }: { invoice: InvoiceView }) {
  return (
    <section className="invoice-section" aria-labelledby="reminders-heading">
      <h2 id="reminders-heading">Reminders</h2>
      {invoice.reminders.length === 0 ? (
        <p className="muted">No reminders: the client is not reminded.</p>
      ) : (
        <ul className="timeline">
          {invoice.reminders.map((reminder) => (
            <li key={reminder.days}>
              {reminder.days === 0 ? reminderText(0) : `${reminderText(reminder.days)} the due date`}
              {' — '}
              {reminder.sentAt ? (
                <>
                  sent <time dateTime={reminder.sentAt}>{formatDateTime(reminder.sentAt)}</time>
                </>
              ) : reminder.sendAt ? (
                <>
                  goes out <time dateTime={reminder.sendAt}>{formatDateTime(reminder.sendAt)}</time>
                </>
              ) : invoice.status === 'draft' ? (
                'set once the invoice is sent'
              ) : invoice.status === 'paid' ? (
                'not going out: the invoice is paid'
              ) : (
                'not going out: nothing is due'
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
