import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { METHOD_NAMES } from '../../../contract/checkout.constants'
import { displayPhone } from '../../../contract/phone-number'
import { holdText } from '../../../contract/platform'
import { Field, FormMessage, SubmitButton, useSubmit } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { AdminShell } from './AdminShell'
import { adminQueries } from './admin.queries'
import { validateQuerySearch } from './admin-search'
import { OrderTable } from './OrderTable'
import { ReasonForm } from './ReasonForm'

const route = getRouteApi('/_default/admin/orders/')

/** /admin/orders: any order, found by what a buyer or a provider quotes. */
export function OrdersPage() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const q = search.q ?? ''
  const found = useQuery(adminQueries.orders(q))
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void navigate({
      search: validateQuerySearch({ q: String(new FormData(event.currentTarget).get('q') ?? '') }),
    })
  }
  return (
    <AdminShell title="Orders">
      <search>
        <form className="form form-inline" onSubmit={onSubmit} key={q}>
          <Field
            label="Find an order"
            name="q"
            type="search"
            defaultValue={q}
            hint="Its reference (SK…), the buyer’s e-mail or phone, an M-Pesa receipt, or a provider’s id"
          />
          <button type="submit" className="button">
            Search orders
          </button>
        </form>
      </search>
      {q === '' ? (
        <p className="muted">Type what the buyer or the provider quoted to find the order.</p>
      ) : (
        <>
          <ListState list={found} what="orders" />
          {found.data?.orders.length === 0 ? <p className="muted">No order matches “{q}”.</p> : null}
          {found.data && found.data.orders.length > 0 ? (
            <OrderTable
              caption="Orders found"
              detail="Buyer"
              orders={found.data.orders.map((o) => ({ ...o, note: o.title, detail: o.buyer.email }))}
            />
          ) : null}
        </>
      )}
    </AdminShell>
  )
}

/** /admin/orders/$id: the order, its payment as the provider told it, and what an admin can do. */
export function AdminOrderPage({ id }: { id: string }) {
  const detail = useQuery(adminQueries.order(id))
  const order = detail.data?.order
  return (
    <AdminShell title={order ? `Order ${order.reference}` : 'Order'}>
      <ListState list={detail} what="the order" />
      {detail.data && order ? (
        <>
          <dl className="details card">
            <dt>What</dt>
            <dd>{order.title}</dd>
            <dt>Status</dt>
            <dd>
              <span className={`badge badge-${order.status}`}>{order.status}</span>
              {order.failure ? ` ${order.failure.message} (${order.failure.code})` : ''}
            </dd>
            <dt>Buyer</dt>
            <dd>
              <Link to="/admin/people/$id" params={{ id: order.buyer.id }}>
                {order.buyer.name}
              </Link>{' '}
              {order.buyer.email}
              {order.buyer.phone ? `, ${displayPhone(order.buyer.phone)}` : ''}
            </dd>
            <dt>Seller</dt>
            <dd>
              <Link to="/admin/people/$id" params={{ id: order.seller.id }}>
                @{order.seller.handle}
              </Link>
            </dd>
            <dt>Total</dt>
            <dd>
              {formatMoney(order.total, order.currency)}
              {order.charge.currency !== order.currency || order.charge.amount !== order.total
                ? `, charged ${formatMoney(order.charge.amount, order.charge.currency)}`
                : ''}{' '}
              by {(METHOD_NAMES as Record<string, string>)[order.method] ?? order.method}
            </dd>
            <dt>Soko’s terms</dt>
            <dd>
              {order.fee.feeBps / 100}% fee
              {order.fee.feeFixed ? ` + ${formatMoney(order.fee.feeFixed, order.currency)}` : ''},{' '}
              {holdText(order.fee.holdDays)}
            </dd>
            <dt>Receipt</dt>
            <dd>{order.receipt ?? 'None yet'}</dd>
            <dt>Provider’s id</dt>
            <dd className="wrap-anywhere">{order.providerRef ?? 'None'}</dd>
            <dt>Placed</dt>
            <dd>
              {formatDateTime(order.createdAt)}
              {order.paidAt ? `; paid ${formatDateTime(order.paidAt)}` : ''}
              {order.refundedAt ? `; refunded ${formatDateTime(order.refundedAt)}` : ''}
            </dd>
          </dl>
          {detail.data.refund ? (
            <p className="notice">
              Refund {detail.data.refund.status}:{' '}
              {formatMoney(detail.data.refund.amount, detail.data.refund.currency)} —{' '}
              {detail.data.refund.reason}
              {detail.data.refund.failure ? ` (${detail.data.refund.failure})` : ''}
            </p>
          ) : null}
          <OrderActions id={id} status={order.status} email={order.buyer.email} />
          <section aria-labelledby="events-heading">
            <h2 id="events-heading">Payment events, as received</h2>
            {detail.data.events.length === 0 ? (
              <p className="muted">No callback or status answer has come for this order.</p>
            ) : (
              <ol className="cards">
                {detail.data.events.map((e) => (
                  <li key={`${e.provider}:${e.eventId}`} className="card">
                    <details>
                      <summary>
                        <span className="badge">{e.type}</span> {e.provider}, {formatDateTime(e.receivedAt)}
                      </summary>
                      <pre className="message-text">{JSON.stringify(e.payload, null, 2)}</pre>
                    </details>
                  </li>
                ))}
              </ol>
            )}
          </section>
          <p>
            <Link to="/admin/audit" search={{ target: id }}>
              What admins did to this order
            </Link>
          </p>
        </>
      ) : null}
    </AdminShell>
  )
}

function OrderActions({ id, status, email }: { id: string; status: string; email: string }) {
  const queryClient = useQueryClient()
  const [refunding, setRefunding] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminQueries.order(id).queryKey })
  const refund = async (reason: string) => {
    const answer = await rpc('adminRefundOrder', { id, reason })
    setRefunding(false)
    setDone(answer.status === 'refunded' ? 'Refunded.' : 'The refund is on its way to the buyer.')
    await refresh()
  }
  const resend = useSubmit(async () => {
    const answer = await rpc('resendReceipt', { id })
    setDone(`The receipt went to ${answer.sentTo} again.`)
  })
  if (status !== 'paid') return <FormMessage message={done} tone="ok" />
  return (
    <section aria-labelledby="actions-heading" className="card">
      <h2 id="actions-heading">Actions</h2>
      <FormMessage message={done} tone="ok" />
      <form onSubmit={resend.onSubmit} className="form">
        <FormMessage message={resend.message} />
        <SubmitButton busy={resend.busy} busyText="Sending…">
          Send the receipt again to {email}
        </SubmitButton>
      </form>
      {refunding ? (
        <ReasonForm
          label="Why refund it? Kept with the refund and in the log"
          submit="Refund in full"
          busyText="Refunding…"
          onReason={refund}
          onCancel={() => setRefunding(false)}
        />
      ) : (
        <button type="button" className="button secondary" onClick={() => setRefunding(true)}>
          Refund…
        </button>
      )}
    </section>
  )
}
