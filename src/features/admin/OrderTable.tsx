import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'

/** An order as the admin's lists show it: its reference with a note under it, and one more column. */
export interface OrderLine {
  id: string
  reference: string
  /** Under the reference: what was bought, or whether the person bought or sold it. */
  note: string
  /** The second column's text: the buyer, or what was bought. */
  detail: string
  status: string
  total: number
  currency: string
  createdAt: string
}

/** Orders in a table (cards on a phone), each reference opening the order's admin page. */
export function OrderTable({
  orders,
  caption,
  detail,
}: {
  orders: OrderLine[]
  caption: string
  detail: string
}) {
  const { t } = useLingui()
  return (
    <table className="table table-stack">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Order</Trans>
          </th>
          <th scope="col">{detail}</th>
          <th scope="col">
            <Trans>Status</Trans>
          </th>
          <th scope="col" className="amount">
            <Trans>Total</Trans>
          </th>
          <th scope="col">
            <Trans>Placed</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id}>
            <th scope="row">
              <span className="customer-name">
                <Link to="/admin/orders/$id" params={{ id: o.id }}>
                  {o.reference}
                </Link>
                <span className="muted">{o.note}</span>
              </span>
            </th>
            <td data-label={detail}>{o.detail}</td>
            <td data-label={t`Status`}>
              <span className={`badge badge-${o.status}`}>{o.status}</span>
            </td>
            <td data-label={t`Total`} className="amount">
              {formatMoney(o.total, o.currency)}
            </td>
            <td data-label={t`Placed`}>{formatDateTime(o.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
