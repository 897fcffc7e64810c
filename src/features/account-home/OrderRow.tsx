import type { ReactNode } from 'react'
import type { OrderStatus } from '../../../contract/checkout.constants'
import { ORDER_STATUS_TEXT } from '../../../contract/order-status'
import { translateCode } from '../../lib/i18n'
import { formatMoney } from '../../lib/money'

/**
 * One order in a home's list: what it was for and its amount on one line, who and when under it, and its
 * status when it is anything but paid.
 */
export function OrderRow(p: {
  title: ReactNode
  amount: number
  currency: string
  party: string
  when: string
  status: OrderStatus
}) {
  return (
    <li className="movement">
      <p className="movement-line">
        {p.title}
        <span className="movement-amount">{formatMoney(p.amount, p.currency)}</span>
      </p>
      <p className="muted">
        {p.party} · {p.when}
        {p.status === 'paid' ? null : (
          <>
            {' '}
            <span className={`badge badge-${p.status}`}>
              {translateCode(undefined, undefined, ORDER_STATUS_TEXT[p.status])}
            </span>
          </>
        )}
      </p>
    </li>
  )
}
