import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { ORDER_STATUSES, type OrderStatus } from '../../../contract/checkout.constants'
import type { Order } from '../../../contract/checkout.contract'
import { ORDER_STATUS_TEXT } from '../../../contract/order-status'
import { errorState, Field, FormMessage, SelectField } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { LoadMore } from '../../components/LoadMore'
import { formatDate } from '../../lib/dates'
import { rpc } from '../../lib/rpc'
import { KIND_LABELS, money } from '../catalog/money'
import { checkoutQueries } from './checkout.queries'
import { addressText, itemText, slotText } from './order-format'

/** The seller's orders (/account/customers?view=orders), newest first, with what to ship and a way to refund. */
export function SalesList() {
  const [status, setStatus] = useState<OrderStatus | ''>('')
  const list = useInfiniteQuery(checkoutQueries.sales(status || undefined))
  const orders = list.data?.pages.flatMap((page) => page.orders) ?? []
  return (
    <>
      <p className="lead">Orders of your products, newest first.</p>
      <SelectField
        label="Status"
        name="status"
        value={status}
        onChange={(value) => setStatus(value as OrderStatus | '')}
        options={[
          { value: '', label: 'All orders' },
          ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_TEXT[s] })),
        ]}
      />
      <ListState list={list} what="your orders" />
      {list.isSuccess && orders.length === 0 ? (
        <div className="empty-state">
          <p>
            {status
              ? `No orders are “${ORDER_STATUS_TEXT[status]}”.`
              : 'No orders yet. Share your product pages: orders show here as they come in.'}
          </p>
        </div>
      ) : null}
      <ul className="cards">
        {orders.map((order) => (
          <Sale key={order.id} order={order} />
        ))}
      </ul>
      <LoadMore list={list} />
    </>
  )
}

function Sale({ order }: { order: Order }) {
  const queryClient = useQueryClient()
  const [done, setDone] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: checkoutQueries.all() })
  const ship = useMutation({
    mutationFn: () => rpc('markOrderShipped', { orderId: order.id }),
    onSuccess: async () => {
      setDone('Marked as shipped. The buyer has been told.')
      await refresh()
    },
  })
  const pickup = order.delivery?.kind === 'pickup'
  const to = addressText(order.delivery)
  return (
    <li className="card">
      <h2 className="sale-title">
        {order.product.title}
        {!order.slot && itemText(order) ? ` — ${itemText(order)}` : ''}
      </h2>
      <dl className="details">
        <dt>Buyer</dt>
        <dd>
          <Link to="/account/customers/$key" params={{ key: `e:${order.buyerEmail.toLowerCase()}` }}>
            {order.buyerEmail}
          </Link>
        </dd>
        <dt>Total</dt>
        <dd>{order.total.amount === 0 ? 'Free' : money(order.total)}</dd>
        <dt>Status</dt>
        <dd>
          <span className={`badge badge-${order.status}`}>{ORDER_STATUS_TEXT[order.status]}</span>
        </dd>
        <dt>{order.paidAt ? 'Paid' : 'Ordered'}</dt>
        <dd>{formatDate(order.paidAt ?? order.createdAt)}</dd>
        <dt>Reference</dt>
        <dd>
          {order.reference} · {KIND_LABELS[order.kind]}
        </dd>
        {order.slot ? (
          <>
            <dt>Booked</dt>
            <dd>{slotText(order.slot)}</dd>
          </>
        ) : null}
        {order.kind === 'merch' ? (
          <>
            <dt>Delivery</dt>
            <dd>
              {pickup ? 'Pickup' : (to ?? '—')}
              {order.fulfilment === 'shipped' ? ' · shipped' : ''}
            </dd>
          </>
        ) : null}
      </dl>
      <FormMessage message={done} tone="ok" />
      <FormMessage message={ship.isError ? errorState(ship.error).message : null} />
      {order.kind === 'merch' && order.status === 'paid' && order.fulfilment !== 'shipped' ? (
        <p className="actions">
          <button
            type="button"
            className="button"
            disabled={ship.isPending}
            aria-busy={ship.isPending}
            onClick={() => ship.mutate()}
          >
            {ship.isPending ? 'Saving…' : 'Mark as shipped'}
            <span className="visually-hidden"> order {order.reference}</span>
          </button>
        </p>
      ) : null}
      {order.status === 'paid' ? <Refund order={order} onDone={setDone} refresh={refresh} /> : null}
    </li>
  )
}

/** Refunding takes a second step: what goes back, an optional reason for the buyer, and a confirm. */
function Refund({
  order,
  onDone,
  refresh,
}: {
  order: Order
  onDone: (message: string) => void
  refresh: () => Promise<void>
}) {
  const [asking, setAsking] = useState(false)
  const [reason, setReason] = useState('')
  const refund = useMutation({
    mutationFn: () => rpc('refundOrder', { orderId: order.id, reason: reason.trim() }),
    onSuccess: async ({ order: refunded }) => {
      setAsking(false)
      onDone(
        refunded.status === 'refunded'
          ? 'Refunded: the buyer has been e-mailed.'
          : `Refund started (${ORDER_STATUS_TEXT[refunded.status].toLowerCase()}): the buyer has been e-mailed.`,
      )
      await refresh()
    },
  })
  if (!asking)
    return (
      <button type="button" className="button secondary" onClick={() => setAsking(true)}>
        Refund<span className="visually-hidden"> order {order.reference}</span>
      </button>
    )
  const failed = refund.isError ? errorState(refund.error) : null
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!refund.isPending) refund.mutate()
      }}
    >
      <p>
        Give {money(order.charge)} back to {order.buyerEmail}? Their access ends, and the money leaves your
        balance.
      </p>
      <FormMessage message={failed?.message ?? null} />
      <Field
        label="Reason (optional)"
        name="reason"
        value={reason}
        maxLength={300}
        onChange={(event) => setReason(event.target.value)}
        errors={failed?.errors ?? {}}
        hint="Sent to the buyer with the refund."
      />
      <p className="actions">
        <button type="submit" className="button" disabled={refund.isPending} aria-busy={refund.isPending}>
          {refund.isPending ? 'Refunding…' : `Refund ${money(order.charge)}`}
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={refund.isPending}
          onClick={() => setAsking(false)}
        >
          Keep the sale
        </button>
      </p>
    </form>
  )
}
