import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { InvoiceView } from '../../../contract/invoices.contract'
import { errorState, FormMessage } from '../../components/Form'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { dayText, paymentMethodText } from './invoice-format'
import { invoicesQueries } from './invoices.queries'

type Payment = InvoiceView['payments'][number]

const STATUS_TEXT = {
  pending: msg`Waiting`,
  paid: msg`Paid`,
  failed: msg`Failed`,
  expired: msg`Expired`,
  cancelled: msg`Cancelled`,
} as const satisfies Record<Payment['status'], unknown>

const REFUND_TEXT = {
  pending: msg`Being given back`,
  done: msg`Given back`,
  failed: msg`Could not be given back`,
  accepted: msg`Kept as a payment`,
} as const

/**
 * The invoice's payments: through Soko (M-Pesa, card, PayPal: with the receipt, the charge in another
 * currency, why one failed) and recorded by the seller (cash, bank). Money paid beyond what was due (a
 * Paybill payment for more, a second payment of a paid invoice) is held for whoever paid it until the
 * seller gives it back or keeps it as a payment; what was paid on a cancelled invoice goes back by itself.
 */
export function Payments({
  invoice,
  onDone,
}: {
  invoice: InvoiceView
  onDone: (message: string | null) => void
}) {
  return (
    <section className="invoice-section" aria-labelledby="payments-heading">
      <h2 id="payments-heading">
        <Trans>Payments</Trans>
      </h2>
      {invoice.payments.length === 0 ? (
        <p className="muted">
          <Trans>Nothing paid yet.</Trans>
        </p>
      ) : (
        <ul className="cards">
          {invoice.payments.map((payment) => (
            <PaymentCard key={payment.id} invoice={invoice} payment={payment} onDone={onDone} />
          ))}
        </ul>
      )}
    </section>
  )
}

function PaymentCard({
  invoice,
  payment,
  onDone,
}: {
  invoice: InvoiceView
  payment: Payment
  onDone: (message: string | null) => void
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const money = (amount: number) => formatMoney(amount, invoice.currency)
  const excess = money(payment.excess)
  const methodName = paymentMethodText(payment.method)
  const shown = (next: InvoiceView) => {
    queryClient.setQueryData(invoicesQueries.one(next.id).queryKey, next)
    void queryClient.invalidateQueries({ queryKey: invoicesQueries.all() })
  }
  const refund = useMutation({
    mutationFn: () => rpc('refundInvoiceExcess', { invoiceId: invoice.id, paymentId: payment.id }),
    onSuccess: ({ invoice: next }) => {
      shown(next)
      const state = next.payments.find((p) => p.id === payment.id)?.excessRefund?.status
      onDone(
        state === 'done'
          ? t`${excess} was given back.`
          : t`Giving back ${excess}: it shows here once ${methodName} confirms.`,
      )
    },
  })
  const keep = useMutation({
    mutationFn: () => rpc('acceptInvoiceExcess', { invoiceId: invoice.id, paymentId: payment.id }),
    onSuccess: ({ invoice: next }) => {
      shown(next)
      onDone(t`${excess} is kept as a payment: it is in your earnings, Soko’s fee taken.`)
    },
  })
  const [keeping, setKeeping] = useState(false)
  // Cash and bank payments are recorded by the day they came in; the time is not theirs.
  const recorded = payment.method === 'cash' || payment.method === 'bank'
  const when = payment.paidAt ?? payment.createdAt
  const excessRefund = payment.excessRefund
  const cancelled = invoice.status === 'void'
  const canRefund =
    payment.excess > 0 &&
    excessRefund?.status !== 'done' &&
    excessRefund?.status !== 'pending' &&
    excessRefund?.status !== 'accepted'
  const failure = refund.isError ? refund.error : keep.isError ? keep.error : null
  return (
    <li className="card invoice-payment">
      <p className="payout-head">
        <strong>{money(payment.amount)}</strong>
        <span className={`badge badge-${payment.status}`}>{t(STATUS_TEXT[payment.status])}</span>
      </p>
      <dl className="details">
        <dt>{t`Method`}</dt>
        <dd>{methodName}</dd>
        <dt>{payment.paidAt ? t`Paid` : t`Started`}</dt>
        <dd>{recorded && payment.paidAt ? dayText(payment.paidAt.slice(0, 10)) : formatDateTime(when)}</dd>
        {payment.receipt ? (
          <>
            <dt>{t`Receipt`}</dt>
            <dd>{payment.receipt}</dd>
          </>
        ) : null}
        {payment.charged && payment.charged.currency !== invoice.currency ? (
          <>
            <dt>{t`Charged`}</dt>
            <dd>{formatMoney(payment.charged.amount, payment.charged.currency)}</dd>
          </>
        ) : null}
        {payment.failure ? (
          <>
            <dt>{t`Why it failed`}</dt>
            <dd>{payment.failure.message}</dd>
          </>
        ) : null}
        {payment.excess > 0 ? (
          <>
            <dt>{cancelled ? t`Paid after the invoice was cancelled` : t`Paid above what was due`}</dt>
            <dd>
              {excess}
              {excessRefund ? ` · ${t(REFUND_TEXT[excessRefund.status])}` : ''}
              {excessRefund?.message ? `: ${excessRefund.message}` : ''}
            </dd>
          </>
        ) : null}
        {payment.note ? (
          <>
            <dt>{t`Note`}</dt>
            <dd>{payment.note}</dd>
          </>
        ) : null}
      </dl>
      {canRefund ? (
        <>
          {excessRefund ? null : (
            <p className="muted">
              {cancelled
                ? t`It is not yours: Soko gives it back to whoever paid.`
                : t`Held for whoever paid until you choose: give it back, or keep it if they meant to pay more.`}
            </p>
          )}
          <FormMessage message={failure ? errorState(failure).message : null} />
          {keeping ? (
            <div className="notice">
              <p>
                <Trans>
                  Keep {excess} as a payment? It becomes your earnings with Soko’s fee taken, and can no
                  longer be given back through Soko.
                </Trans>
              </p>
              <p className="actions">
                <button
                  type="button"
                  className="button"
                  disabled={keep.isPending}
                  aria-busy={keep.isPending}
                  onClick={() => keep.mutate()}
                >
                  {keep.isPending ? t`Keeping…` : t`Keep ${excess}`}
                </button>
                <button type="button" className="button secondary" onClick={() => setKeeping(false)}>
                  <Trans>Cancel</Trans>
                </button>
              </p>
            </div>
          ) : (
            <p className="actions">
              <button
                type="button"
                className="button secondary"
                disabled={refund.isPending || keep.isPending}
                aria-busy={refund.isPending}
                onClick={() => refund.mutate()}
              >
                {refund.isPending
                  ? t`Giving back…`
                  : excessRefund?.status === 'failed'
                    ? t`Try again to give back ${excess}`
                    : t`Give back ${excess}`}
              </button>
              {cancelled ? null : (
                <button type="button" className="button secondary" onClick={() => setKeeping(true)}>
                  <Trans>Keep as a payment…</Trans>
                </button>
              )}
            </p>
          )}
        </>
      ) : null}
    </li>
  )
}
