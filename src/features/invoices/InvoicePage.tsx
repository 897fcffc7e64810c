import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { quantityText } from '../../../contract/invoice-totals'
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
import { dayText, invoiceName, reminderLabel, StatusBadge } from './invoice-format'
import { invoicesQueries } from './invoices.queries'
import { TotalsPanel } from './TotalsPanel'

/**
 * /account/invoices/{id}: one invoice as the seller sees it — status, client, lines and totals, payments
 * and reminders — with what can be done to it (InvoiceActions).
 */
export function InvoicePage({ id }: { id: string }) {
  const { t } = useLingui()
  const invoice = useQuery(invoicesQueries.one(id))
  const [message, setMessage] = useFlash(id)
  const name = invoice.data ? invoiceName(invoice.data) : ''
  usePageTitle(invoice.data ? t`Invoice ${name}` : t`Invoice`)
  if (invoice.isPending)
    return (
      <p className="page" role="status">
        {invoice.fetchStatus === 'paused'
          ? t`You are offline, and this invoice was not kept on this device: it shows once you are back online.`
          : t`Loading the invoice…`}
      </p>
    )
  if (invoice.isError && !invoice.data)
    return (
      <section className="page">
        <h1>
          <Trans>Invoice</Trans>
        </h1>
        <p role="alert">
          {isUnreachable(invoice.error)
            ? t`You are offline: this invoice shows once you are back online.`
            : invoice.error.message}{' '}
          <button type="button" className="link-button" onClick={() => void invoice.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
        <Link to="/account/invoices">
          <Trans>All invoices</Trans>
        </Link>
      </section>
    )
  const data = invoice.data
  return (
    <section className="page invoice-page" aria-labelledby="invoice-heading">
      <p>
        <Link to="/account/invoices">
          <Trans>← All invoices</Trans>
        </Link>
      </p>
      <h1 id="invoice-heading" className="invoice-title">
        {data.number ?? t`Draft invoice`} <StatusBadge status={data.status} />
      </h1>
      <OfflineNote updatedAt={invoice.dataUpdatedAt} failed={invoice.isError} />
      <FormMessage message={message} tone={failedMessage(message, t`could not`) ? 'error' : 'ok'} />
      <div className="invoice-layout">
        <Summary invoice={data} />
        <InvoiceActions invoice={data} onDone={setMessage} />
        <div className="invoice-main">
          <Lines invoice={data} />
          <TotalsPanel
            heading={t`Amounts`}
            currency={data.currency}
            totals={{ ...data.totals, paid: data.totals.paid, balance: data.totals.balance }}
          />
          {data.notes || data.terms ? (
            <dl className="details invoice-notes">
              {data.notes ? (
                <>
                  <dt>{t`Notes`}</dt>
                  <dd>{data.notes}</dd>
                </>
              ) : null}
              {data.terms ? (
                <>
                  <dt>{t`Terms`}</dt>
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
  const { t } = useLingui()
  const { client } = invoice
  const revision = invoice.revision
  return (
    <dl className="details invoice-summary">
      <dt>{t`Client`}</dt>
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
      <dt>{t`Issued`}</dt>
      <dd>{dayText(invoice.issueDate)}</dd>
      <dt>{t({ message: 'Due', context: 'due date' })}</dt>
      <dd>{dayText(invoice.dueDate)}</dd>
      {invoice.totals.dueNow > 0 && invoice.status !== 'draft' && invoice.status !== 'void' ? (
        <>
          <dt>{t`Due now`}</dt>
          <dd>
            <strong>{formatMoney(invoice.totals.dueNow, invoice.currency)}</strong>
            {invoice.totals.deposit > 0 && invoice.totals.paid < invoice.totals.deposit
              ? ` ${t`(the deposit)`}`
              : ''}
          </dd>
        </>
      ) : null}
      <dt>{t`Reference`}</dt>
      <dd>
        {invoice.reference}
        {revision > 0 ? ` · ${t`revision ${revision}`}` : ''}
      </dd>
      {invoice.sentAt ? (
        <>
          <dt>{t`Sent`}</dt>
          <dd>{formatDateTime(invoice.sentAt)}</dd>
        </>
      ) : null}
      {invoice.viewedAt ? (
        <>
          <dt>{t`Opened by the client`}</dt>
          <dd>{formatDateTime(invoice.viewedAt)}</dd>
        </>
      ) : null}
      {invoice.paidAt ? (
        <>
          <dt>{t`Paid in full`}</dt>
          <dd>{formatDateTime(invoice.paidAt)}</dd>
        </>
      ) : null}
      {invoice.voidedAt ? (
        <>
          <dt>{t`Cancelled`}</dt>
          <dd>{formatDateTime(invoice.voidedAt)}</dd>
        </>
      ) : null}
    </dl>
  )
}

function Lines({ invoice }: { invoice: InvoiceView }) {
  const { t } = useLingui()
  const money = (amount: number) => formatMoney(amount, invoice.currency)
  return (
    <table className="table table-stack line-table">
      <caption className="visually-hidden">{t`Lines`}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Description`}</th>
          <th scope="col">{t`Quantity`}</th>
          <th scope="col" className="amount">
            {t`Unit price`}
          </th>
          <th scope="col" className="amount">
            {t`Amount`}
          </th>
        </tr>
      </thead>
      <tbody>
        {invoice.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are in the invoice's order and have no id
          <tr key={i}>
            <th scope="row">{line.description}</th>
            <td data-label={t`Quantity`}>{quantityText(line.quantityMilli)}</td>
            <td data-label={t`Unit price`} className="amount">
              {money(line.unitPrice)}
            </td>
            <td data-label={t`Amount`} className="amount">
              {money(line.total)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Reminders({ invoice }: { invoice: InvoiceView }) {
  const { t } = useLingui()
  return (
    <section className="invoice-section" aria-labelledby="reminders-heading">
      <h2 id="reminders-heading">{t`Reminders`}</h2>
      {invoice.reminders.length === 0 ? (
        <p className="muted">{t`No reminders: the client is not reminded.`}</p>
      ) : (
        <ul className="timeline">
          {invoice.reminders.map((reminder) => {
            const sentText = reminder.sentAt ? formatDateTime(reminder.sentAt) : ''
            const sendText = reminder.sendAt ? formatDateTime(reminder.sendAt) : ''
            return (
              <li key={reminder.days}>
                {reminderLabel(reminder.days, true)}
                {' — '}
                {reminder.sentAt ? (
                  <Trans>
                    sent <time dateTime={reminder.sentAt}>{sentText}</time>
                  </Trans>
                ) : reminder.sendAt ? (
                  <Trans>
                    goes out <time dateTime={reminder.sendAt}>{sendText}</time>
                  </Trans>
                ) : invoice.status === 'draft' ? (
                  t`set once the invoice is sent`
                ) : invoice.status === 'paid' ? (
                  t`not going out: the invoice is paid`
                ) : (
                  t`not going out: nothing is due`
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

/** A line that says something failed: "could not" in English or in the page's language. */
function failedMessage(message: string | null, couldNot: string): boolean {
  return Boolean(message && (message.includes('could not') || message.includes(couldNot)))
}
