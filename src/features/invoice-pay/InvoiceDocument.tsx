import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Fragment } from 'react'
import { quantityText } from '../../../contract/invoice-totals'
import type { PayInvoiceView } from '../../../contract/invoices.contract'
import { formatDate } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { amountText, dayText, type Payment, paidBy, percentText } from './invoice-format'

/**
 * The invoice itself, as the client reads it on a phone and prints it: who bills whom, the lines, the
 * totals down to the balance, the payments received, the notes and the terms. Everything here prints; the
 * pay page's buttons and messages around it do not.
 */
export function InvoiceDocument({
  invoice,
  showPayments = true,
}: {
  invoice: PayInvoiceView
  /** False where the page lists them above (a paid invoice's receipt). */
  showPayments?: boolean
}) {
  return (
    <div className="invoice-document">
      <Parties invoice={invoice} />
      <Lines invoice={invoice} />
      <Totals invoice={invoice} />
      {showPayments && invoice.payments.length > 0 ? <PaymentsReceived invoice={invoice} /> : null}
      {invoice.notes ? (
        <section aria-labelledby="invoice-notes">
          <h2 id="invoice-notes">
            <Trans>Notes</Trans>
          </h2>
          <p className="invoice-text">{invoice.notes}</p>
        </section>
      ) : null}
      {invoice.terms ? (
        <section aria-labelledby="invoice-terms">
          <h2 id="invoice-terms">
            <Trans>Terms</Trans>
          </h2>
          <p className="invoice-text">{invoice.terms}</p>
        </section>
      ) : null}
    </div>
  )
}

/** From, to, the invoice's number and its dates. */
function Parties({ invoice }: { invoice: PayInvoiceView }) {
  const { seller, client } = invoice
  const handle = seller.handle
  return (
    <div className="invoice-parties">
      <section aria-labelledby="invoice-from">
        <h2 id="invoice-from">
          <Trans context="who sends it">From</Trans>
        </h2>
        <p>
          <strong>{seller.name}</strong>
          {seller.handle ? (
            <>
              <br />
              <Link to="/creators/$handle" params={{ handle: seller.handle }}>
                <Trans>@{handle} on Soko</Trans>
              </Link>
            </>
          ) : null}
          {seller.email ? (
            <>
              <br />
              <a href={`mailto:${seller.email}`}>{seller.email}</a>
            </>
          ) : null}
        </p>
      </section>
      <section aria-labelledby="invoice-to">
        <h2 id="invoice-to">
          <Trans>Bill to</Trans>
        </h2>
        <p>
          <strong>{client.name}</strong>
          {client.email ? (
            <>
              <br />
              {client.email}
            </>
          ) : null}
          {client.phone ? (
            <>
              <br />
              {client.phone}
            </>
          ) : null}
        </p>
      </section>
      <dl className="details invoice-dates">
        <dt>
          <Trans>Invoice</Trans>
        </dt>
        <dd>{invoice.number ?? invoice.reference}</dd>
        <dt>
          <Trans>Issued</Trans>
        </dt>
        <dd>{dayText(invoice.issueDate)}</dd>
        <dt>
          <Trans>Due</Trans>
        </dt>
        <dd>{dayText(invoice.dueDate)}</dd>
        <dt>
          <Trans>Reference</Trans>
        </dt>
        <dd>{invoice.reference}</dd>
      </dl>
    </div>
  )
}

/** The lines: what each is, how many at what price, and its amount (two columns, so a phone reads them too). */
function Lines({ invoice }: { invoice: PayInvoiceView }) {
  return (
    <table className="table invoice-lines">
      <caption className="visually-hidden">
        <Trans>What the invoice is for</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Description</Trans>
          </th>
          <th scope="col">
            <Trans>Amount</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {invoice.lines.map((line, i) => (
          // Lines have no ids of their own; their order is the invoice's and never changes while shown.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <tr key={i}>
            <th scope="row">
              {line.description}
              <span className="invoice-line-qty">
                {quantityText(line.quantityMilli)} × {amountText(invoice, line.unitPrice)}
              </span>
            </th>
            <td>{amountText(invoice, line.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Subtotal, discount, each tax, the total, then the deposit, what was paid and what is left. */
function Totals({ invoice }: { invoice: PayInvoiceView }) {
  const { totals } = invoice
  const rows: [string, string, boolean?][] = [[t`Subtotal`, amountText(invoice, totals.subtotal)]]
  if (totals.discount > 0) rows.push([t`Discount`, `− ${amountText(invoice, totals.discount)}`])
  for (const tax of totals.taxes)
    rows.push([
      tax.inclusive
        ? `${tax.name} ${percentText(tax.rateBps)} ${t`(included)`}`
        : `${tax.name} ${percentText(tax.rateBps)}`,
      amountText(invoice, tax.amount),
    ])
  rows.push([t`Total`, amountText(invoice, totals.total), true])
  if (totals.deposit > 0) rows.push([t`Deposit`, amountText(invoice, totals.deposit)])
  if (totals.paid > 0) rows.push([t`Paid`, `− ${amountText(invoice, totals.paid)}`])
  if (invoice.status !== 'void') rows.push([t`Balance due`, amountText(invoice, totals.balance), true])
  return (
    <dl className="details invoice-totals">
      {rows.map(([label, value, strong]) => (
        <Fragment key={label}>
          <dt className={strong ? 'invoice-total' : undefined}>{label}</dt>
          <dd className={strong ? 'invoice-total' : undefined}>{value}</dd>
        </Fragment>
      ))}
    </dl>
  )
}

/** Each payment: when, how, how much, and its receipt number. */
export function PaymentsReceived({
  invoice,
  heading: Heading = 'h2',
}: {
  invoice: PayInvoiceView
  heading?: 'h2' | 'h3'
}) {
  return (
    <section aria-labelledby="invoice-payments">
      <Heading id="invoice-payments">
        <Trans>Payments received</Trans>
      </Heading>
      <ul className="plain-list invoice-payments">
        {invoice.payments.map((payment) => (
          <li key={payment.id}>
            <PaymentLine invoice={invoice} payment={payment} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function PaymentLine({ invoice, payment }: { invoice: PayInvoiceView; payment: Payment }) {
  const charged = payment.charged ? formatMoney(payment.charged.amount, payment.charged.currency) : null
  const receipt = payment.receipt
  return (
    <>
      <span className="invoice-payment-head">
        <strong>{amountText(invoice, payment.amount)}</strong>
        <span>
          {paidBy(payment.method)}
          {payment.paidAt ? `, ${formatDate(payment.paidAt)}` : ''}
        </span>
      </span>
      {receipt ? (
        <span className="muted">
          <Trans>Receipt {receipt}</Trans>
        </span>
      ) : null}
      {charged ? (
        <span className="muted">
          <Trans>{charged} charged</Trans>
        </span>
      ) : null}
      {payment.excess > 0 ? <span className="muted">{excessText(invoice, payment)}</span> : null}
    </>
  )
}

/** A payment above what was due: whether the seller has given the rest back. */
function excessText(invoice: PayInvoiceView, payment: Payment): string {
  const extra = amountText(invoice, payment.excess)
  const sellerName = invoice.seller.name
  switch (payment.excessRefund?.status) {
    case 'done':
      return t`${extra} more than was due: given back.`
    case 'pending':
      return t`${extra} more than was due: on its way back to you.`
    default:
      return t`${extra} more than was due: ${sellerName} can give it back.`
  }
}
