import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ORDER_STATUS_TEXT } from '../../../contract/order-status'
import { displayPhone } from '../../../contract/phone-number'
import { OfflineNote } from '../../components/OfflineNote'
import { isUnreachable } from '../../lib/connection'
import { formatDate } from '../../lib/dates'
import { translateCode } from '../../lib/i18n'
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
  const { t } = useLingui()
  const details = useQuery(customersQueries.one(customerKey))
  usePageTitle(details.data?.customer.name ?? t`Customer`)
  if (!details.data) {
    const offline =
      (details.isPending && details.fetchStatus === 'paused') ||
      (details.isError && isUnreachable(details.error))
    return (
      <section className="page narrow" aria-labelledby="customer-heading">
        <p>
          <Link to="/account/customers">
            ← <Trans>Customers</Trans>
          </Link>
        </p>
        <h1 id="customer-heading">
          <Trans>Customer</Trans>
        </h1>
        {offline ? (
          <p className="notice">
            <Trans>You are offline: this client shows once you are back online.</Trans>
          </p>
        ) : details.isError ? (
          <p role="alert">
            {details.error.message}{' '}
            <Link to="/account/customers">
              <Trans>Back to your clients</Trans>
            </Link>
          </p>
        ) : (
          <p role="status">{t`Loading the client…`}</p>
        )}
      </section>
    )
  }
  const { customer, orders, invoices, note } = details.data
  return (
    <section className="page customer" aria-labelledby="customer-heading">
      <p>
        <Link to="/account/customers">
          ← <Trans>Customers</Trans>
        </Link>
      </p>
      <h1 id="customer-heading">{customer.name}</h1>
      <OfflineNote updatedAt={details.dataUpdatedAt} failed={details.isError} />
      <p className="customer-contact">
        {customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : null}
        {customer.phone ? <a href={`tel:+${customer.phone}`}>{displayPhone(customer.phone)}</a> : null}
      </p>
      <p className="actions">
        <Link to="/account/create/invoice" search={{ client: customerKey }} className="button">
          <Trans>New invoice</Trans>
        </Link>
      </p>
      <Summary details={details.data} />
      <CustomerNote customerKey={customerKey} note={note} />
      <section aria-labelledby="customer-orders">
        <h2 id="customer-orders">
          <Trans>Orders</Trans>
        </h2>
        {orders.length === 0 ? (
          <p className="muted">
            <Trans>No orders yet.</Trans>
          </p>
        ) : (
          <table className="table table-stack">
            <caption className="visually-hidden">
              <Trans>Orders by {customer.name}, newest first</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Item</Trans>
                </th>
                <th scope="col" className="amount">
                  <Trans>Total</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                <th scope="col">
                  <Trans>Date</Trans>
                </th>
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
                  <td data-label={t`Total`} className="amount">
                    {formatMoney(order.total.amount, order.total.currency)}
                  </td>
                  <td data-label={t`Status`}>
                    <span className={`badge badge-${order.status}`}>
                      {translateCode(undefined, undefined, ORDER_STATUS_TEXT[order.status])}
                    </span>
                  </td>
                  <td data-label={t`Date`}>{formatDate(order.at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="customer-invoices">
        <h2 id="customer-invoices">
          <Trans>Invoices</Trans>
        </h2>
        {invoices.length === 0 ? (
          <p className="muted">
            <Trans>No invoices sent to them yet.</Trans>
          </p>
        ) : (
          <table className="table table-stack">
            <caption className="visually-hidden">
              <Trans>Invoices to {customer.name}, newest first</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Invoice</Trans>
                </th>
                <th scope="col" className="amount">
                  <Trans>Total</Trans>
                </th>
                <th scope="col" className="amount">
                  <Trans>Paid</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                <th scope="col">
                  <Trans>Date</Trans>
                </th>
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
                  <td data-label={t`Total`} className="amount">
                    {formatMoney(invoice.total.amount, invoice.total.currency)}
                  </td>
                  <td data-label={t`Paid`} className="amount">
                    {formatMoney(invoice.paid, invoice.total.currency)}
                  </td>
                  <td data-label={t`Status`}>
                    <StatusBadge status={invoice.status} />
                  </td>
                  <td data-label={t`Date`}>{formatDate(invoice.at)}</td>
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
  const { t } = useLingui()
  const { customer } = details
  return (
    <dl className="details customer-summary">
      <dt>
        <Trans>Spent</Trans>
      </dt>
      <dd>
        {customer.spent.length
          ? customer.spent.map((m) => formatMoney(m.amount, m.currency)).join(' · ')
          : t`Nothing yet`}
      </dd>
      <dt>
        <Trans context="how many">Purchases</Trans>
      </dt>
      <dd>{customer.purchases}</dd>
      <dt>
        <Trans>First purchase</Trans>
      </dt>
      <dd>{customer.firstAt ? formatDate(customer.firstAt) : '—'}</dd>
      <dt>
        <Trans>Last purchase</Trans>
      </dt>
      <dd>{customer.lastAt ? formatDate(customer.lastAt) : '—'}</dd>
    </dl>
  )
}
