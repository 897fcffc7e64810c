import { t } from '@lingui/core/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Fragment, lazy, Suspense, useEffect, useRef } from 'react'
import { METHOD_NAMES } from '../../../contract/checkout.constants'
import type { Order } from '../../../contract/checkout.contract'
import { formatDate } from '../../lib/dates'
import { translateCode } from '../../lib/i18n'
import { RpcError } from '../../lib/rpc'
import { useSession } from '../../lib/session'
import { usePageTitle } from '../../lib/title'
import { money } from '../catalog/money'
import { requestPersistence } from '../downloads/library'
import { checkoutQueries } from './checkout.queries'
import { OrderFulfilment as Fulfilment } from './OrderFulfilment'
import { failureWords, itemText, otherParts } from './order-format'
import { StopSms } from './StopSms'

// What an M-Pesa payment still waiting needs (the phone's prompt, help, the wait), for that order alone: it
// needs the network anyway, so it is not kept for offline use ahead of time.
const MpesaWait = lazy(() => import('./MpesaWait').then((module) => ({ default: module.MpesaWait })))

/** The page's heading, focused when it changes, so a screen reader says where the buyer now stands. */
function Heading({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (children) ref.current?.focus()
  }, [children])
  return (
    <h1 ref={ref} tabIndex={-1} id="order-heading">
      {children}
    </h1>
  )
}

/** Orders this person cannot open: someone else's, or a signed-out visitor without the key. */
export function NoAccess({ what }: { what: 'order' | 'download' }) {
  const session = useSession()
  return (
    <>
      <p role="alert">
        {what === 'order'
          ? t`This order is not yours, or the link is incomplete: sign in with the address you bought with.`
          : t`This download is not yours, or the link is incomplete: sign in with the address you bought with.`}
      </p>
      <p className="actions">
        {session.token ? null : (
          <Link to="/login" search={{ redirect: location.pathname + location.search }} className="button">
            {t`Sign in`}
          </Link>
        )}
        <Link to="/account/purchases" className="button secondary">
          {t`Your purchases`}
        </Link>
      </p>
    </>
  )
}

/** An order query's failure in words: no access (403/404), or a connection to try again. */
export function OrderError({
  error,
  what,
  onRetry,
}: {
  error: Error
  what: 'order' | 'download'
  onRetry: () => void
}) {
  if (error instanceof RpcError && [400, 401, 403, 404].includes(error.status))
    return <NoAccess what={what} />
  const reason = error.message
  return (
    <p role="alert">
      {what === 'order'
        ? t`The order could not be loaded: ${reason}`
        : t`The download could not be loaded: ${reason}`}{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        {t`Try again`}
      </button>
    </p>
  )
}

/**
 * /sucess-payment?order={id}: where card and PayPal send the buyer back, and where free and M-Pesa orders
 * land. It shows the order's real state from the server, never assuming a return means paid, and follows
 * a waiting payment until the provider answers.
 */
export function OrderStatusPage({
  orderId,
  smsToken,
}: {
  orderId: string | undefined
  smsToken?: string | undefined
}) {
  usePageTitle(t`Your order`)
  if (!orderId)
    return (
      <section className="page narrow" aria-labelledby="order-heading">
        <Heading>{t`No order to show`}</Heading>
        <p>{t`This page shows an order after paying. Your orders are in your purchases.`}</p>
        <p className="actions">
          <Link to="/account/purchases" className="button">
            {t`Your purchases`}
          </Link>
          <Link to="/explore" className="button secondary">
            {t`Explore`}
          </Link>
        </p>
      </section>
    )
  return (
    <>
      <OrderStatus orderId={orderId} />
      {smsToken ? (
        <div className="page narrow">
          <StopSms token={smsToken} />
        </div>
      ) : null}
    </>
  )
}

function OrderStatus({ orderId }: { orderId: string }) {
  const query = useQuery(checkoutQueries.order(orderId))
  const order = query.data
  const paid = order?.status === 'paid'
  useEffect(() => {
    // A first purchase: ask the browser to keep what Soko stores (the offline library) under pressure.
    if (paid) void requestPersistence()
  }, [paid])
  if (!order)
    return (
      <section className="page narrow" aria-labelledby="order-heading" aria-busy={query.isPending}>
        <Heading>{query.isError ? t`Your order` : t`Loading your order…`}</Heading>
        {query.isError ? (
          <OrderError error={query.error} what="order" onRetry={() => void query.refetch()} />
        ) : (
          <p role="status">{t`Asking for your order’s status…`}</p>
        )}
      </section>
    )
  return (
    <section className="page narrow" aria-labelledby="order-heading">
      <OrderState order={order} />
    </section>
  )
}

function OrderState({ order }: { order: Order }) {
  const title = order.bundle?.title ?? order.product.title
  const name = translateCode(undefined, undefined, METHOD_NAMES[order.method])
  const amount = money(order.charge)
  const refunded = order.refund ? money(order.refund.amount) : amount
  const seller = order.product.seller.displayName
  const email = order.buyerEmail
  const back = (
    <p className="actions">
      <Link to="/$product" params={{ product: order.product.slug }} className="button secondary">
        {t`Back to ${title}`}
      </Link>
    </p>
  )
  switch (order.status) {
    case 'pending':
      if (order.method === 'mpesa')
        return (
          <>
            <Heading>{t`Waiting for your M-Pesa payment`}</Heading>
            <Suspense fallback={<p role="status">{t`Checking the payment…`}</p>}>
              <MpesaWait orderId={order.id} focusHeading={false} />
            </Suspense>
          </>
        )
      return (
        <>
          <Heading>{t`Waiting for confirmation from ${name}…`}</Heading>
          <p role="status">
            {t`${name} has not confirmed the payment of ${amount} yet. This page updates by itself; it usually takes a few seconds.`}
          </p>
          <OrderFacts order={order} />
        </>
      )
    case 'failed': {
      const words = failureWords(order)
      return (
        <>
          <Heading>{words?.title ?? t`The payment did not go through`}</Heading>
          <p role="alert">{t`Nothing was charged.`}</p>
          {words ? <p>{words.nextStep}</p> : null}
          {back}
        </>
      )
    }
    case 'cancelled':
    case 'expired':
      return (
        <>
          <Heading>{order.status === 'cancelled' ? t`Order cancelled` : t`Order expired`}</Heading>
          <p role="status">
            {order.status === 'cancelled'
              ? t`This order was cancelled before it was paid.`
              : t`This order was not paid in time.`}{' '}
            {t`Nothing was charged.`}
          </p>
          {back}
        </>
      )
    case 'refunding':
    case 'refunded':
      return (
        <>
          <Heading>{order.status === 'refunding' ? t`Refund on its way` : t`Refunded`}</Heading>
          <p role="status">
            {order.status === 'refunding'
              ? t`${refunded} is on its way back to you by ${name}.`
              : t`${refunded} was refunded to you by ${name}.`}{' '}
            {t`What the order bought is no longer available.`}
          </p>
          <OrderFacts order={order} />
        </>
      )
    case 'paid':
      return (
        <>
          <Heading>{t`Payment received`}</Heading>
          <p role="status">{t`Thank you! ${seller} has your order. A receipt went to ${email}.`}</p>
          <OrderFacts order={order} />
          <Fulfilment order={order} />
          {otherParts(order).map((kind) => (
            <Fulfilment key={kind} order={{ ...order, kind }} />
          ))}
          <p className="actions">
            <Link to="/account/purchases" className="button secondary">
              {t`Your purchases`}
            </Link>
            <Link to="/explore" className="button secondary">
              {t`Explore more`}
            </Link>
          </p>
        </>
      )
  }
}

/** Reference, receipt, what was bought and the total. */
function OrderFacts({ order }: { order: Order }) {
  const charged = order.charge.currency !== order.total.currency || order.charge.amount !== order.total.amount
  const amount = money(order.charge)
  const name = translateCode(undefined, undefined, METHOD_NAMES[order.method])
  return (
    <dl className="details">
      <dt>{t`Reference`}</dt>
      <dd>{order.reference}</dd>
      {order.receipt ? (
        <>
          <dt>{order.method === 'mpesa' ? t`M-Pesa receipt` : t`Receipt`}</dt>
          <dd>{order.receipt}</dd>
        </>
      ) : null}
      <dt>{t`Bought`}</dt>
      <dd>
        {order.bundle ? order.bundle.title : order.product.title}
        {order.bundle || order.kind === 'service' || !itemText(order) ? '' : ` — ${itemText(order)}`}
      </dd>
      {/* An order kept offline from before orders had lines has none. */}
      {(order.bundle ? order.lines : (order.lines ?? []).slice(1)).map((line) => (
        <Fragment key={line.productId}>
          <dt>{order.bundle ? t`Includes` : t`Added`}</dt>
          <dd>
            {line.title}
            {line.label === line.title ? '' : ` — ${line.label}`} · {money(line.total)}
          </dd>
        </Fragment>
      ))}
      {order.shipping.amount > 0 ? (
        <>
          <dt>{t`Shipping`}</dt>
          <dd>{money(order.shipping)}</dd>
        </>
      ) : null}
      <dt>{t`Total`}</dt>
      <dd>
        {order.total.amount === 0 ? t`Free` : money(order.total)}
        {charged ? ` (${t`${amount} charged by ${name}`})` : ''}
      </dd>
      {order.paidAt ? (
        <>
          <dt>{t`Paid`}</dt>
          <dd>{formatDate(order.paidAt)}</dd>
        </>
      ) : null}
    </dl>
  )
}
