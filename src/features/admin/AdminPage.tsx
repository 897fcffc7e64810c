import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { SubjectOutput } from '../../../contract'
import { METHOD_NAMES } from '../../../contract/checkout.constants'
import { ListState } from '../../components/ListState'
import { formatMoney } from '../../lib/money'
import { AdminShell } from './AdminShell'
import { adminQueries } from './admin.queries'

type Dashboard = SubjectOutput<'getAdminDashboard'>

const PERIOD_NAMES: Record<number, string> = { 1: 'Today', 7: 'Last 7 days', 30: 'Last 30 days' }

/** /admin: the marketplace at a glance, each figure leading to the list behind it. */
export function AdminPage() {
  const board = useQuery(adminQueries.dashboard())
  return (
    <AdminShell title="Admin">
      <ListState list={board} what="the figures" />
      {board.data ? <Figures board={board.data} /> : null}
    </AdminShell>
  )
}

function Figures({ board }: { board: Dashboard }) {
  return (
    <>
      <section aria-labelledby="waiting-heading">
        <h2 id="waiting-heading">Waiting for an admin</h2>
        <ul className="admin-tiles">
          <Tile to="/admin/payouts" count={board.payouts.approval} what="payouts to approve" />
          <Tile to="/admin/payouts" count={board.payouts.bank} what="bank transfers to make" />
          <Tile to="/admin/payouts" count={board.payouts.failed} what="payouts failed (30 days)" alert />
          <Tile to="/admin/reviews" count={board.openReviews} what="identity checks to review" />
          <Tile to="/admin/products" count={board.openReports} what="product reports open" alert />
          <Tile to="/admin/messages" count={board.contactMessages} what="contact messages (7 days)" />
          <Tile to="/admin/people" count={board.newSellers.week} what="new sellers (7 days)">
            {board.newSellers.month} in 30 days
          </Tile>
        </ul>
      </section>
      <section aria-labelledby="money-heading">
        <h2 id="money-heading">Money</h2>
        <table className="table table-stack admin-money">
          <caption className="visually-hidden">Sales, Soko’s fees and refunds, per currency</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Paid orders</th>
              <th scope="col" className="amount">
                Sales
              </th>
              <th scope="col" className="amount">
                Fees kept
              </th>
              <th scope="col" className="amount">
                Refunds
              </th>
            </tr>
          </thead>
          <tbody>
            {board.periods.map((p) => (
              <tr key={p.days}>
                <th scope="row">{PERIOD_NAMES[p.days] ?? `${p.days} days`}</th>
                <td data-label="Paid orders">{p.orders}</td>
                <td data-label="Sales" className="amount">
                  <Amounts list={p.sales} />
                </td>
                <td data-label="Fees kept" className="amount">
                  <Amounts list={p.fees} />
                </td>
                <td data-label="Refunds" className="amount">
                  <Amounts list={p.refunds} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="failing-heading">
        <h2 id="failing-heading">Payments that did not go through (7 days)</h2>
        {board.failingPayments.length === 0 ? (
          <p className="muted">None: every payment started went through.</p>
        ) : (
          <table className="table table-stack">
            <caption className="visually-hidden">
              Failed, cancelled and expired payments by method and reason
            </caption>
            <thead>
              <tr>
                <th scope="col">Method</th>
                <th scope="col">Reason</th>
                <th scope="col" className="amount">
                  Orders
                </th>
              </tr>
            </thead>
            <tbody>
              {board.failingPayments.map((f) => (
                <tr key={`${f.method}:${f.code}:${f.reason}`}>
                  <th scope="row">{(METHOD_NAMES as Record<string, string>)[f.method] ?? f.method}</th>
                  <td data-label="Reason">
                    {f.reason}
                    {f.code !== f.reason ? <span className="muted"> ({f.code})</span> : null}
                  </td>
                  <td data-label="Orders" className="amount">
                    {f.count}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  )
}

function Amounts({ list }: { list: { amount: number; currency: string }[] }) {
  if (list.length === 0) return <span className="muted">None</span>
  return (
    <span className="amount-lines">
      {list.map((m) => (
        <span key={m.currency} className="amount-line">
          {formatMoney(m.amount, m.currency)}
        </span>
      ))}
    </span>
  )
}

function Tile({
  to,
  count,
  what,
  alert = false,
  children,
}: {
  to: '/admin/payouts' | '/admin/reviews' | '/admin/products' | '/admin/messages' | '/admin/people'
  count: number
  what: string
  alert?: boolean
  children?: ReactNode
}) {
  return (
    <li className="card admin-tile" data-alert={alert && count > 0 ? 'true' : undefined}>
      <Link to={to}>
        <strong className="admin-tile-count">{count}</strong> {what}
      </Link>
      {children ? <span className="muted">{children}</span> : null}
    </li>
  )
}
