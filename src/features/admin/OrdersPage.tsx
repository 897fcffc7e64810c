import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type { SubjectOutput } from '../../../contract'
import { METHOD_NAMES } from '../../../contract/checkout.constants'
import { displayPhone } from '../../../contract/phone-number'
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
  const { t } = useLingui()
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
    <AdminShell title={t`Orders`}>
      <search>
        <form className="form form-inline" onSubmit={onSubmit} key={q}>
          <Field
            label={t`Find an order`}
            name="q"
            type="search"
            defaultValue={q}
            hint={t`Its reference (SK…), the buyer’s e-mail or phone, an M-Pesa receipt, or a provider’s id`}
          />
          <button type="submit" className="button">
            <Trans>Search orders</Trans>
          </button>
        </form>
      </search>
      {q === '' ? (
        <p className="muted">
          <Trans>Type what the buyer or the provider quoted to find the order.</Trans>
        </p>
      ) : (
        <>
          <ListState list={found} what={t`orders`} />
          {found.data?.orders.length === 0 ? (
            <p className="muted">
              <Trans>No order matches “{q}”.</Trans>
            </p>
          ) : null}
          {found.data && found.data.orders.length > 0 ? (
            <OrderTable
              caption={t`Orders found`}
              detail={t`Buyer`}
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
  const { t } = useLingui()
  const detail = useQuery(adminQueries.order(id))
  const order = detail.data?.order
  const reference = order?.reference
  const refund = detail.data?.refund
  return (
    <AdminShell title={order ? t`Order ${reference}` : t`Order`}>
      <ListState list={detail} what={t`the order`} />
      {detail.data && order ? (
        <>
          <dl className="details card">
            <dt>
              <Trans>What</Trans>
            </dt>
            <dd>{order.title}</dd>
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd>
              <span className={`badge badge-${order.status}`}>{order.status}</span>
              {order.failure ? ` ${order.failure.message} (${order.failure.code})` : ''}
            </dd>
            <dt>
              <Trans>Buyer</Trans>
            </dt>
            <dd>
              <Link to="/admin/people/$id" params={{ id: order.buyer.id }}>
                {order.buyer.name}
              </Link>{' '}
              {order.buyer.email}
              {order.buyer.phone ? `, ${displayPhone(order.buyer.phone)}` : ''}
            </dd>
            <dt>
              <Trans>Seller</Trans>
            </dt>
            <dd>
              <Link to="/admin/people/$id" params={{ id: order.seller.id }}>
                @{order.seller.handle}
              </Link>
            </dd>
            <dt>
              <Trans>Total</Trans>
            </dt>
            <dd>
              <OrderTotal order={order} />
            </dd>
            <dt>
              <Trans>Soko’s terms</Trans>
            </dt>
            <dd>
              <OrderTerms order={order} />
            </dd>
            <dt>
              <Trans>Receipt</Trans>
            </dt>
            <dd>{order.receipt ?? t`None yet`}</dd>
            <dt>
              <Trans>Provider’s id</Trans>
            </dt>
            <dd className="wrap-anywhere">{order.providerRef ?? t`None`}</dd>
            <dt>
              <Trans>Placed</Trans>
            </dt>
            <dd>
              <OrderDates order={order} />
            </dd>
          </dl>
          {refund ? <RefundNotice refund={refund} /> : null}
          <OrderActions id={id} status={order.status} email={order.buyer.email} />
          <section aria-labelledby="events-heading">
            <h2 id="events-heading">
              <Trans>Payment events, as received</Trans>
            </h2>
            {detail.data.events.length === 0 ? (
              <p className="muted">
                <Trans>No callback or status answer has come for this order.</Trans>
              </p>
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
              <Trans>What admins did to this order</Trans>
            </Link>
          </p>
        </>
      ) : null}
    </AdminShell>
  )
}

type AdminOrder = SubjectOutput<'getAdminOrder'>

/** What the order cost, what was charged when the currency or amount differ, and how it was paid. */
function OrderTotal({ order }: { order: AdminOrder['order'] }) {
  const { t } = useLingui()
  const total = formatMoney(order.total, order.currency)
  const charged = formatMoney(order.charge.amount, order.charge.currency)
  const method = (METHOD_NAMES as Record<string, string>)[order.method] ?? order.method
  return (
    <>
      {total}
      {order.charge.currency !== order.currency || order.charge.amount !== order.total
        ? t`, charged ${charged}`
        : ''}{' '}
      <Trans>by {method}</Trans>
    </>
  )
}

/** Soko's fee and hold on this order, as they were when it was placed. */
function OrderTerms({ order }: { order: AdminOrder['order'] }) {
  const { t } = useLingui()
  const percent = order.fee.feeBps / 100
  const fixed = formatMoney(order.fee.feeFixed, order.currency)
  const days = order.fee.holdDays
  return (
    <>
      {t`${percent}% fee`}
      {order.fee.feeFixed ? ` + ${fixed}` : ''},{' '}
      {days > 0 ? t`held ${plural(days, { one: '# day', other: '# days' })}` : t`available at once`}
    </>
  )
}

/** When the order was placed, paid and refunded. */
function OrderDates({ order }: { order: AdminOrder['order'] }) {
  const { t } = useLingui()
  const paid = order.paidAt ? formatDateTime(order.paidAt) : ''
  const refunded = order.refundedAt ? formatDateTime(order.refundedAt) : ''
  return (
    <>
      {formatDateTime(order.createdAt)}
      {paid ? t`; paid ${paid}` : ''}
      {refunded ? t`; refunded ${refunded}` : ''}
    </>
  )
}

function RefundNotice({ refund }: { refund: NonNullable<AdminOrder['refund']> }) {
  const status = refund.status
  const amount = formatMoney(refund.amount, refund.currency)
  const reason = refund.reason
  return (
    <p className="notice">
      <Trans>
        Refund {status}: {amount} — {reason}
      </Trans>
      {refund.failure ? ` (${refund.failure})` : ''}
    </p>
  )
}

function OrderActions({ id, status, email }: { id: string; status: string; email: string }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [refunding, setRefunding] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminQueries.order(id).queryKey })
  const refund = async (reason: string) => {
    const answer = await rpc('adminRefundOrder', { id, reason })
    setRefunding(false)
    setDone(answer.status === 'refunded' ? t`Refunded.` : t`The refund is on its way to the buyer.`)
    await refresh()
  }
  const resend = useSubmit(async () => {
    const answer = await rpc('resendReceipt', { id })
    const sentTo = answer.sentTo
    setDone(t`The receipt went to ${sentTo} again.`)
  })
  if (status !== 'paid') return <FormMessage message={done} tone="ok" />
  return (
    <section aria-labelledby="actions-heading" className="card">
      <h2 id="actions-heading">
        <Trans>Actions</Trans>
      </h2>
      <FormMessage message={done} tone="ok" />
      <form onSubmit={resend.onSubmit} className="form">
        <FormMessage message={resend.message} />
        <SubmitButton busy={resend.busy} busyText={t`Sending…`}>
          <Trans>Send the receipt again to {email}</Trans>
        </SubmitButton>
      </form>
      {refunding ? (
        <ReasonForm
          label={t`Why refund it? Kept with the refund and in the log`}
          submit={t`Refund in full`}
          busyText={t`Refunding…`}
          onReason={refund}
          onCancel={() => setRefunding(false)}
        />
      ) : (
        <button type="button" className="button secondary" onClick={() => setRefunding(true)}>
          <Trans>Refund…</Trans>
        </button>
      )}
    </section>
  )
}
