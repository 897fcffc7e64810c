import { Trans, useLingui } from '@lingui/react/macro'
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
  const { t } = useLingui()
  const orders = search.view === 'orders'
  usePageTitle(orders ? t`Orders` : t`Customers`)
  return (
    <section className="page customers" aria-labelledby="customers-heading">
      <h1 id="customers-heading">
        <Trans>Customers</Trans>
      </h1>
      <nav aria-label={t`Clients or orders`} className="chips">
        {/* `exact`: the router's own idea of "active" would take the orders view for the clients one. */}
        <Link
          to="/account/customers"
          activeOptions={{ exact: true }}
          className="chip"
          aria-current={orders ? undefined : 'page'}
          data-status={orders ? undefined : 'active'}
        >
          <Trans>Clients</Trans>
        </Link>
        <Link
          to="/account/customers"
          search={{ view: 'orders' }}
          activeOptions={{ exact: true }}
          className="chip"
          aria-current={orders ? 'page' : undefined}
          data-status={orders ? 'active' : undefined}
        >
          <Trans>Orders</Trans>
        </Link>
      </nav>
      {orders ? <SalesList /> : <ClientBook search={search} />}
    </section>
  )
}

function ClientBook({ search }: { search: CustomersSearch }) {
  const { t } = useLingui()
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
      <p className="lead">
        <Trans>Everyone who bought from you or got an invoice, one row each.</Trans>
      </p>
      {empty && !filtered ? null : <CustomerFilters search={search} currency={input.currency ?? currency} />}
      <ListState list={list} what={t`your clients`} />
      {empty ? (
        <div className="empty-state">
          <p>
            {filtered
              ? t`No client matches these filters.`
              : t`No clients yet. Everyone who buys from you or gets an invoice shows here.`}
          </p>
          <p className="actions">
            {filtered ? (
              <Link to="/account/customers">
                <Trans>Show all clients</Trans>
              </Link>
            ) : (
              <Link to="/account/create/invoice" className="button">
                <Trans>Create an invoice</Trans>
              </Link>
            )}
          </p>
        </div>
      ) : null}
      {customers.length > 0 ? (
        <>
          <div className="movements-head">
            <h2 className="visually-hidden">
              <Trans>Your clients</Trans>
            </h2>
            <ExportCsv
              make={async (onProgress) => {
                const all = await fetchAllCustomers(input, onProgress)
                return { text: customersCsv(all), name: customersCsvName(), rows: all.length }
              }}
            />
          </div>
          <table className="table table-stack customer-table">
            <caption className="visually-hidden">
              <Trans>Your clients</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Client</Trans>
                </th>
                <th scope="col" className="amount">
                  <Trans>Spent</Trans>
                </th>
                <th scope="col" className="amount">
                  <Trans context="how many">Purchases</Trans>
                </th>
                <th scope="col">
                  <Trans>Last purchase</Trans>
                </th>
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
                  <td data-label={t`Spent`} className="amount">
                    {c.spent.length ? (
                      c.spent.map((m) => formatMoney(m.amount, m.currency)).join(' · ')
                    ) : (
                      <span className="muted">
                        <Trans>Nothing yet</Trans>
                      </span>
                    )}
                  </td>
                  <td data-label={t({ message: 'Purchases', context: 'how many' })} className="amount">
                    {c.purchases}
                  </td>
                  <td data-label={t`Last purchase`}>{c.lastAt ? formatDate(c.lastAt) : t`Not yet`}</td>
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
