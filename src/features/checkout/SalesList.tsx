import { Trans, useLingui } from '@lingui/react/macro'
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
import { translateCode } from '../../lib/i18n'
import { rpc } from '../../lib/rpc'
import { kindLabel, money } from '../catalog/money'
import { checkoutQueries } from './checkout.queries'
import { addressText, itemText, slotText } from './order-format'

/** An order status's words in the page's language (contract/order-status.ts). */
const statusText = (status: OrderStatus) => translateCode(undefined, undefined, ORDER_STATUS_TEXT[status])

/** The seller's orders (/account/customers?view=orders), newest first, with what to ship and a way to refund. */
export function SalesList() {
  const { t } = useLingui()
  const [status, setStatus] = useState<OrderStatus | ''>('')
  const list = useInfiniteQuery(checkoutQueries.sales(status || undefined))
  const orders = list.data?.pages.flatMap((page) => page.orders) ?? []
  const shown = status ? statusText(status) : ''
  return (
    <>
      <p className="lead">
        <Trans>Orders of your products, newest first.</Trans>
      </p>
      <SelectField
        label={t`Status`}
        name="status"
        value={status}
        onChange={(value) => setStatus(value as OrderStatus | '')}
        options={[
          { value: '', label: t`All orders` },
          ...ORDER_STATUSES.map((s) => ({ value: s, label: statusText(s) })),
        ]}
      />
      <ListState list={list} what={t`your orders`} />
      {list.isSuccess && orders.length === 0 ? (
        <div className="empty-state">
          <p>
            {status
              ? t`No orders are “${shown}”.`
              : t`No orders yet. Share your product pages: orders show here as they come in.`}
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
  const { t } = useLingui()
  const reference = order.reference
  const queryClient = useQueryClient()
  const [done, setDone] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: checkoutQueries.all() })
  const ship = useMutation({
    mutationFn: () => rpc('markOrderShipped', { orderId: order.id }),
    onSuccess: async () => {
      setDone(t`Marked as shipped. The buyer has been told.`)
      await refresh()
    },
  })
  const pickup = order.delivery?.kind === 'pickup'
  const to = addressText(order.delivery)
  return (
    <li className="card">
      <h2 className="sale-title">
        {order.bundle ? order.bundle.title : order.product.title}
        {!order.bundle && !order.slot && itemText(order) ? ` — ${itemText(order)}` : ''}
      </h2>
      <AddedLines order={order} />
      <dl className="details">
        <dt>
          <Trans>Buyer</Trans>
        </dt>
        <dd>
          <Link to="/account/customers/$key" params={{ key: `e:${order.buyerEmail.toLowerCase()}` }}>
            {order.buyerEmail}
          </Link>
        </dd>
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>{order.total.amount === 0 ? t`Free` : money(order.total)}</dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>
          <span className={`badge badge-${order.status}`}>{statusText(order.status)}</span>
        </dd>
        <dt>{order.paidAt ? t`Paid` : t`Ordered`}</dt>
        <dd>{formatDate(order.paidAt ?? order.createdAt)}</dd>
        <dt>
          <Trans>Reference</Trans>
        </dt>
        <dd>
          {order.reference} · {kindLabel(order.kind)}
        </dd>
        {order.slot ? (
          <>
            <dt>
              <Trans>Booked</Trans>
            </dt>
            <dd>{slotText(order.slot)}</dd>
          </>
        ) : null}
        {order.delivery ? (
          <>
            <dt>
              <Trans>Delivery</Trans>
            </dt>
            <dd>
              {pickup ? t`Pickup` : (to ?? '—')}
              {order.fulfilment === 'shipped' ? t` · shipped` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      <FormMessage message={done} tone="ok" />
      <FormMessage message={ship.isError ? errorState(ship.error).message : null} />
      {order.delivery && order.status === 'paid' && order.fulfilment !== 'shipped' ? (
        <p className="actions">
          <button
            type="button"
            className="button"
            disabled={ship.isPending}
            aria-busy={ship.isPending}
            onClick={() => ship.mutate()}
          >
            {ship.isPending ? (
              t`Saving…`
            ) : (
              <Trans>
                Mark as shipped<span className="visually-hidden"> order {reference}</span>
              </Trans>
            )}
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
  const { t } = useLingui()
  const reference = order.reference
  const buyer = order.buyerEmail
  const [asking, setAsking] = useState(false)
  const [reason, setReason] = useState('')
  // An order of several products (an offer taken with it) may be refunded a line at a time; a bundle whole.
  const open = (order.lines ?? []).flatMap((line) =>
    !line.refunded && line.position !== undefined ? [{ ...line, position: line.position }] : [],
  )
  const byLine = !order.bundle && open.length > 1
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(open.map((line) => line.position)))
  const some = byLine && chosen.size < open.length
  const taken = open.filter((line) => chosen.has(line.position))
  const amount = some
    ? money({
        amount: taken.reduce((sum, line) => sum + line.total.amount, 0),
        currency: order.total.currency,
      })
    : money(order.charge)
  const refund = useMutation({
    mutationFn: () =>
      rpc('refundOrder', {
        orderId: order.id,
        reason: reason.trim(),
        ...(some ? { lines: [...chosen].sort((a, b) => a - b) } : {}),
      }),
    onSuccess: async ({ order: refunded }) => {
      setAsking(false)
      const now = statusText(refunded.status).toLowerCase()
      const back = (refunded.lines ?? []).filter((line) => line.refunded).length
      onDone(
        refunded.status === 'refunded'
          ? t`Refunded: the buyer has been e-mailed.`
          : some
            ? back > 0
              ? t`Refunded what you ticked: the buyer has been e-mailed.`
              : t`The refund of what you ticked is on its way: the buyer is e-mailed when it is done.`
            : t`Refund started (${now}): the buyer has been e-mailed.`,
      )
      await refresh()
    },
  })
  if (!asking)
    return (
      <button type="button" className="button secondary" onClick={() => setAsking(true)}>
        <Trans>
          Refund<span className="visually-hidden"> order {reference}</span>
        </Trans>
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
      {byLine ? (
        <fieldset className="fieldset">
          <legend>{t`What to refund`}</legend>
          {open.map((line) => (
            <label key={line.position} className="field-check">
              <input
                type="checkbox"
                checked={chosen.has(line.position)}
                onChange={(event) => {
                  const next = new Set(chosen)
                  if (event.currentTarget.checked) next.add(line.position)
                  else next.delete(line.position)
                  setChosen(next)
                }}
              />{' '}
              {line.title} · {money(line.total)}
            </label>
          ))}
        </fieldset>
      ) : null}
      <p>
        {some ? (
          <Trans>
            Give {amount} back to {buyer} for what you ticked? Its access ends, the rest of the order stays
            theirs, and the money leaves your balance.
          </Trans>
        ) : (
          <Trans>
            Give {amount} back to {buyer}? Their access ends, and the money leaves your balance.
          </Trans>
        )}
      </p>
      <FormMessage message={failed?.message ?? null} />
      <Field
        label={t`Reason (optional)`}
        name="reason"
        value={reason}
        maxLength={300}
        onChange={(event) => setReason(event.target.value)}
        errors={failed?.errors ?? {}}
        hint={t`Sent to the buyer with the refund.`}
      />
      <p className="actions">
        <button
          type="submit"
          className="button"
          disabled={refund.isPending || chosen.size === 0}
          aria-busy={refund.isPending}
        >
          {refund.isPending ? t`Refunding…` : t`Refund ${amount}`}
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={refund.isPending}
          onClick={() => setAsking(false)}
        >
          <Trans>Keep the sale</Trans>
        </button>
      </p>
    </form>
  )
}

/**
 * What else an order bought besides its product (an offer taken at checkout), or a bundle's parts, in one
 * line; nothing if none.
 */
function AddedLines({ order }: { order: Pick<Order, 'lines' | 'bundle'> }) {
  const { t } = useLingui()
  // An order kept offline from before orders had lines has none to add.
  const lines = order.lines ?? []
  const added = (order.bundle ? lines : lines.slice(1))
    .map((line) => {
      const price = money(line.total)
      return line.refunded ? t`${line.title} (${price}, refunded)` : `${line.title} (${price})`
    })
    .join(', ')
  if (!added) return null
  return <p className="muted">{order.bundle ? t`Includes: ${added}` : t`Added: ${added}`}</p>
}
