import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ORDER_STATUS_TEXT } from '../../../contract/order-status'
import { displayPhone } from '../../../contract/phone-number'
import { OfflineNote } from '../../components/OfflineNote'
import { isUnreachable } from '../../lib/connection'
import { formatDate } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { usePageTitle } from '../../lib/title'
import { invoiceName, StatusBadge } from '../invoices/invoice-format'
import { CustomerNote } from './CustomerNote'
import { type CustomerDetails, customersQueries } from './customers.queries'

/**
 * /account/customers/$key: one client — how to reach them, what they spent per currency, their orders and
 * invoices with statuses, the seller's note about them, and "New invoice" addressed to them.
 */
export function CustomerPage({ customerKey }: { customerKey: string }) {
  const details = useQuery(customersQueries.one(customerKey))
  usePageTitle(details.data?.customer.name ?? 'Customer')
  if (!details.data) {
    const offline =
      (details.isPending && details.fetchStatus === 'paused') ||
      (details.isError && isUnreachable(details.error))
    return (
      <section className="page narrow" aria-labelledby="customer-heading">
        <p>
          <Link to="/account/customers">← Customers</Link>
        </p>
        <h1 id="customer-heading">Customer</h1>
        {offline ? (
          <p className="notice">You are offline: this client shows once you are back online.</p>
        ) : details.isError ? (
          <p role="alert">
            {details.error.message} <Link to="/account/customers">Back to your clients</Link>
          </p>
        ) : (
          <p role="status">Loading the client…</p>
        )}
      </section>
    )
  }
  const { customer, orders, invoices, note } = details.data
  return (
    <section className="page customer" aria-labelledby="customer-heading">
      <p>
        <Link to="/account/customers">← Customers</Link>
      </p>
      <h1 id="customer-heading">{customer.name}</h1>
      <OfflineNote updatedAt={details.dataUpdatedAt} failed={details.isError} />
      <p className="customer-contact">
        {customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : null}
        {customer.phone ? <a href={`tel:+${customer.phone}`}>{displayPhone(customer.phone)}</a> : null}
      </p>
      <p className="actions">
        <Link to="/account/create/invoice" search={{ client: customerKey }} className="button">
          New invoice
        </Link>
      </p>
      <Summary details={details.data} />
      <CustomerNote customerKey={customerKey} note={note} />
      <section aria-labelledby="customer-orders">
        <h2 id="customer-orders">Orders</h2>
        {orders.length === 0 ? (
          <p className="muted">No orders yet.</p>
        ) : (
          <table className="table table-stack">
            <caption className="visually-hidden">Orders by {customer.name}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="amount">
                  Total
                </th>
                <th scope="col">Status</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <span className="customer-name">
                      {order.title}
                      <span className="muted">{order.reference}</span>
                    </span>
                  </th>
                  <td data-label="Total" className="amount">
                    {formatMoney(order.total.amount, order.total.currency)}
                  </td>
                  <td data-label="Status">
                    <span className={`badge badge-${order.status}`}>{ORDER_STATUS_TEXT[order.status]}</span>
                  </td>
                  <td data-label="Date">{formatDate(order.at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="customer-invoices">
        <h2 id="customer-invoices">Invoices</h2>
        {invoices.length === 0 ? (
          <p className="muted">No invoices sent to them yet.</p>
        ) : (
          <table className="table table-stack">
            <caption className="visually-hidden">Invoices to {customer.name}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Invoice</th>
                <th scope="col" className="amount">
                  Total
                </th>
                <th scope="col" className="amount">
                  Paid
                </th>
                <th scope="col">Status</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <th scope="row">
                    <Link to="/account/invoices/$id" params={{ id: invoice.id }}>
                      {invoiceName(invoice)}
                    </Link>
                  </th>
                  <td data-label="Total" className="amount">
                    {formatMoney(invoice.total.amount, invoice.total.currency)}
                  </td>
                  <td data-label="Paid" className="amount">
                    {formatMoney(invoice.paid, invoice.total.currency)}
                  </td>
                  <td data-label="Status">
                    <StatusBadge status={invoice.status} />
                  </td>
                  <td data-label="Date">{formatDate(invoice.at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </section>
  )
}

/** What they spent per currency, how often they bought, and when first and last. */
function Summary({ details }: { details: CustomerDetails }) {
  const { customer } = details
  return (
    <dl className="details customer-summary">
      <dt>Spent</dt>
      <dd>
        {customer.spent.length
          ? customer.spent.map((m) => formatMoney(m.amount, m.currency)).join(' · ')
          : 'Nothing yet'}
      </dd>
      <dt>Purchases</dt>
      <dd>{customer.purchases}</dd>
      <dt>First purchase</dt>
      <dd>{customer.firstAt ? formatDate(customer.firstAt) : '—'}</dd>
      <dt>Last purchase</dt>
      <dd>{customer.lastAt ? formatDate(customer.lastAt) : '—'}</dd>
    </dl>
  )
}
