import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef } from 'react'
import type { Order } from '../../../contract/checkout.contract'
import { Paybill, SandboxPhoneNote, useLate } from '../../components/MpesaHelp'
import { RpcError, rpc } from '../../lib/rpc'
import { money } from '../catalog/money'
import { checkoutQueries } from './checkout.queries'
import { failureWords, formatPhone } from './order-format'
import { orderKey } from './order-keys'

/** M-Pesa's "the phone did not answer" result. */
const UNREACHABLE = '1037'

const ENDED = new Set(['failed', 'cancelled', 'expired'])

/**
 * "Check your phone": an M-Pesa prompt is on its way, and the order is followed every 2 s until M-Pesa
 * answers. The status line is a live region, so a screen reader hears the payment go through or fail.
 */
export function MpesaWait({
  orderId,
  phone,
  onPaid,
  onRetry,
  onCancelled,
  focusHeading = true,
}: {
  orderId: string
  /** The number the prompt went to, when this page knows it. */
  phone?: string
  onPaid?: () => void
  /** Starts a new checkout with the same choices; without it, "Try again" goes back to the product. */
  onRetry?: () => void
  onCancelled?: () => void
  /** Move focus to the heading on arrival (not where the page's own heading takes it). */
  focusHeading?: boolean
}) {
  const { t } = useLingui()
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus()
  }, [focusHeading])
  const queryClient = useQueryClient()
  const query = useQuery(checkoutQueries.order(orderId))
  const order = query.data
  const late = useLate(order?.createdAt)
  // The server names the Paybill only while the order waits; after a 1037 the buyer still needs it.
  const lastPaybill = useRef<Order['paybill']>(null)
  if (order?.paybill) lastPaybill.current = order.paybill
  const paybill = order?.paybill ?? lastPaybill.current
  const paid = order?.status === 'paid'
  const paidSeen = useRef(false)
  useEffect(() => {
    if (paid && !paidSeen.current) {
      paidSeen.current = true
      onPaid?.()
    }
  }, [paid, onPaid])
  const cancel = useMutation({
    mutationFn: async () => (await rpc('cancelOrder', { orderId, key: await orderKey(orderId) })).order,
    onSuccess: (cancelled) => {
      queryClient.setQueryData(checkoutQueries.order(orderId).queryKey, cancelled)
      onCancelled?.()
    },
  })

  const errorText = query.error?.message ?? ''
  if (!order)
    return query.isError ? (
      <p role="alert">
        <Trans>The payment could not be checked: {errorText}</Trans>{' '}
        <button type="button" className="link-button" onClick={() => void query.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </p>
    ) : (
      <p role="status">
        <Trans>Checking your payment…</Trans>
      </p>
    )

  const words = failureWords(order)
  const amount = money(order.charge)
  const phoneText = phone ? formatPhone(phone) : ''
  const ended = ENDED.has(order.status)
  const showPaybill =
    paybill !== null &&
    ((order.status === 'pending' && late) ||
      (order.status === 'failed' && order.failure?.code === UNREACHABLE))
  const statusLine = {
    pending: t`Waiting for your M-Pesa PIN…`,
    paid: t`Payment received.`,
    failed: words?.title ?? t`The M-Pesa payment did not go through.`,
    cancelled: t`Payment cancelled. Nothing was charged.`,
    expired: t`This payment request expired. Nothing was charged.`,
    refunding: t`This payment is being refunded.`,
    refunded: t`This payment was refunded.`,
  }[order.status]

  return (
    <section className="mpesa-wait" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1} ref={headingRef}>
        {ended ? t`M-Pesa payment not completed` : t`Check your phone`}
      </h2>
      <p className="status" role="status">
        {statusLine}
      </p>
      {order.status === 'pending' ? (
        <>
          <p>
            {phone ? (
              <Trans>
                We sent an M-Pesa request for <strong>{amount}</strong> to <strong>{phoneText}</strong>.
              </Trans>
            ) : (
              <Trans>
                We sent an M-Pesa request for <strong>{amount}</strong> to <strong>your phone</strong>.
              </Trans>
            )}
          </p>
          <p className="lead">
            <Trans>Enter your M-Pesa PIN on your phone to pay.</Trans>
          </p>
          <p className="muted">
            <Trans>This page updates by itself when M-Pesa answers: keep it open.</Trans>
          </p>
          {query.isError ? (
            <p className="muted">
              <Trans>Checking the payment failed ({errorText}); trying again…</Trans>
            </p>
          ) : null}
        </>
      ) : null}
      {order.status === 'failed' ? (
        <p>
          <Trans>Nothing was charged.</Trans>
          {words ? ` ${words.nextStep}` : ''}
        </p>
      ) : null}
      {showPaybill && paybill ? <Paybill {...paybill} /> : null}
      {order.sandboxPhone ? <SandboxPhoneNote page={order.sandboxPhone} phone={phone} /> : null}
      {cancel.isError ? (
        <p className="form-message form-message-error" role="alert">
          {cancel.error instanceof RpcError ? cancel.error.message : t`Cancelling did not work. Try again.`}
        </p>
      ) : null}
      <p className="actions">
        {ended ? (
          onRetry ? (
            <button type="button" className="button" onClick={onRetry}>
              <Trans>Try again</Trans>
            </button>
          ) : (
            <Link to="/$product" params={{ product: order.product.slug }} className="button">
              <Trans>Try again</Trans>
            </Link>
          )
        ) : null}
        {order.status === 'pending' ? (
          <button
            type="button"
            className="button secondary"
            disabled={cancel.isPending}
            aria-busy={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            {cancel.isPending ? t`Cancelling…` : t`Cancel`}
          </button>
        ) : null}
      </p>
    </section>
  )
}
