import { useInfiniteQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { ExportCsv } from '../../components/ExportCsv'
import { ListState } from '../../components/ListState'
import { LoadMore } from '../../components/LoadMore'
import { formatDate } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { usePageTitle } from '../../lib/title'
import { useSellerCurrency } from '../accounts/seller-currency'
import { SalesList } from '../checkout/SalesList'
import { CustomerFilters } from './CustomerFilters'
import { contactText } from './customer-format'
import { customersQueries, fetchAllCustomers, listInput } from './customers.queries'
import { customersCsv, customersCsvName } from './customers-csv'
import { type CustomersSearch, isFiltered } from './customers-search'

const route = getRouteApi('/_default/account/customers/')

/**
 * /account/customers: the seller's client book — one row per person who bought or was billed — and, as
 * its second view (`?view=orders`), the orders themselves with their refund and shipping actions.
 */
export function CustomersPage() {
  const search = route.useSearch()
  const orders = search.view === 'orders'
  usePageTitle(orders ? 'Orders' : 'Customers')
  return (
    <section className="page customers" aria-labelledby="customers-heading">
      <h1 id="customers-heading">Customers</h1>
      <nav aria-label="Clients or orders" className="chips">
        {/* `exact`: the router's own idea of "active" would take the orders view for the clients one. */}
        <Link
          to="/account/customers"
          activeOptions={{ exact: true }}
          className="chip"
          aria-current={orders ? undefined : 'page'}
          data-status={orders ? undefined : 'active'}
        >
          Clients
        </Link>
        <Link
          to="/account/customers"
          search={{ view: 'orders' }}
          activeOptions={{ exact: true }}
          className="chip"
          aria-current={orders ? 'page' : undefined}
          data-status={orders ? 'active' : undefined}
        >
          Orders
        </Link>
      </nav>
      {orders ? <SalesList /> : <ClientBook search={search} />}
    </section>
  )
}

function ClientBook({ search }: { search: CustomersSearch }) {
  // Asked once the seller's currency is known (what "spent" sorts and filters count in by default).
  const known = useSellerCurrency()
  const currency = known ?? 'KES'
  const input = listInput(search, currency)
  const list = useInfiniteQuery({ ...customersQueries.list(input), enabled: known !== undefined })
  const customers = list.data?.pages.flatMap((page) => page.customers) ?? []
  const filtered = isFiltered(search)
  const empty = list.isSuccess && customers.length === 0
  return (
    <>
      <p className="lead">Everyone who bought from you or got an invoice, one row each.</p>
      {empty && !filtered ? null : <CustomerFilters search={search} currency={input.currency ?? currency} />}
      <ListState list={list} what="your clients" />
      {empty ? (
        <div className="empty-state">
          <p>
            {filtered
              ? 'No client matches these filters.'
              : 'No clients yet. Everyone who buys from you or gets an invoice shows here.'}
          </p>
          <p className="actions">
            {filtered ? (
              <Link to="/account/customers">Show all clients</Link>
            ) : (
              <Link to="/account/create/invoice" className="button">
                Create an invoice
              </Link>
            )}
          </p>
        </div>
      ) : null}
      {customers.length > 0 ? (
        <>
          <div className="movements-head">
            <h2 className="visually-hidden">Your clients</h2>
            <ExportCsv
              make={async (onProgress) => {
                const all = await fetchAllCustomers(input, onProgress)
                return { text: customersCsv(all), name: customersCsvName(), rows: all.length }
              }}
            />
          </div>
          <table className="table table-stack customer-table">
            <caption className="visually-hidden">Your clients</caption>
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col" className="amount">
                  Spent
                </th>
                <th scope="col" className="amount">
                  Purchases
                </th>
                <th scope="col">Last purchase</th>
              </tr>
            </thead>
            <tbody>
              {customers.map((c) => (
                <tr key={c.key}>
                  <th scope="row">
                    <span className="customer-name">
                      <Link to="/account/customers/$key" params={{ key: c.key }}>
                        {c.name}
                      </Link>
                      <span className="muted">{contactText(c)}</span>
                    </span>
                  </th>
                  <td data-label="Spent" className="amount">
                    {c.spent.length ? (
                      c.spent.map((m) => formatMoney(m.amount, m.currency)).join(' · ')
                    ) : (
                      <span className="muted">Nothing yet</span>
                    )}
                  </td>
                  <td data-label="Purchases" className="amount">
                    {c.purchases}
                  </td>
                  <td data-label="Last purchase">{c.lastAt ? formatDate(c.lastAt) : 'Not yet'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <LoadMore list={list} />
        </>
      ) : null}
    </>
  )
}
