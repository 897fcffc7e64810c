import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
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

const PERIOD_NAMES: Record<number, MessageDescriptor> = {
  1: msg`Today`,
  7: msg`Last 7 days`,
  30: msg`Last 30 days`,
}

/** /admin: the marketplace at a glance, each figure leading to the list behind it. */
export function AdminPage() {
  const { t } = useLingui()
  const board = useQuery(adminQueries.dashboard())
  return (
    <AdminShell title={t`Admin`}>
      <ListState list={board} what={t`the figures`} />
      {board.data ? <Figures board={board.data} /> : null}
    </AdminShell>
  )
}

function Figures({ board }: { board: Dashboard }) {
  const { t } = useLingui()
  const month = board.newSellers.month
  const periodName = (days: number) => {
    const name = PERIOD_NAMES[days]
    return name ? t(name) : t`${plural(days, { one: '# day', other: '# days' })}`
  }
  return (
    <>
      <section aria-labelledby="waiting-heading">
        <h2 id="waiting-heading">
          <Trans>Waiting for an admin</Trans>
        </h2>
        <ul className="admin-tiles">
          <Tile to="/admin/payouts" count={board.payouts.approval} what={t`payouts to approve`} />
          <Tile to="/admin/payouts" count={board.payouts.bank} what={t`bank transfers to make`} />
          <Tile to="/admin/payouts" count={board.payouts.failed} what={t`payouts failed (30 days)`} alert />
          <Tile to="/admin/reviews" count={board.openReviews} what={t`identity checks to review`} />
          <Tile to="/admin/products" count={board.openReports} what={t`product reports open`} alert />
          <Tile to="/admin/messages" count={board.contactMessages} what={t`contact messages (7 days)`} />
          <Tile to="/admin/people" count={board.newSellers.week} what={t`new sellers (7 days)`}>
            <Trans>{month} in 30 days</Trans>
          </Tile>
        </ul>
      </section>
      <section aria-labelledby="money-heading">
        <h2 id="money-heading">
          <Trans>Money</Trans>
        </h2>
        <table className="table table-stack admin-money">
          <caption className="visually-hidden">
            <Trans>Sales, Soko’s fees and refunds, per currency</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Period</Trans>
              </th>
              <th scope="col">
                <Trans>Paid orders</Trans>
              </th>
              <th scope="col" className="amount">
                <Trans>Sales</Trans>
              </th>
              <th scope="col" className="amount">
                <Trans>Fees kept</Trans>
              </th>
              <th scope="col" className="amount">
                <Trans>Refunds</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {board.periods.map((p) => (
              <tr key={p.days}>
                <th scope="row">{periodName(p.days)}</th>
                <td data-label={t`Paid orders`}>{p.orders}</td>
                <td data-label={t`Sales`} className="amount">
                  <Amounts list={p.sales} />
                </td>
                <td data-label={t`Fees kept`} className="amount">
                  <Amounts list={p.fees} />
                </td>
                <td data-label={t`Refunds`} className="amount">
                  <Amounts list={p.refunds} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="failing-heading">
        <h2 id="failing-heading">
          <Trans>Payments that did not go through (7 days)</Trans>
        </h2>
        {board.failingPayments.length === 0 ? (
          <p className="muted">
            <Trans>None: every payment started went through.</Trans>
          </p>
        ) : (
          <table className="table table-stack">
            <caption className="visually-hidden">
              <Trans>Failed, cancelled and expired payments by method and reason</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Method</Trans>
                </th>
                <th scope="col">
                  <Trans>Reason</Trans>
                </th>
                <th scope="col" className="amount">
                  <Trans>Orders</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {board.failingPayments.map((f) => (
                <tr key={`${f.method}:${f.code}:${f.reason}`}>
                  <th scope="row">{(METHOD_NAMES as Record<string, string>)[f.method] ?? f.method}</th>
                  <td data-label={t`Reason`}>
                    {f.reason}
                    {f.code !== f.reason ? <span className="muted"> ({f.code})</span> : null}
                  </td>
                  <td data-label={t`Orders`} className="amount">
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
  if (list.length === 0)
    return (
      <span className="muted">
        <Trans>None</Trans>
      </span>
    )
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
