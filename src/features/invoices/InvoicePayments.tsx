import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { InvoiceView } from '../../../contract/invoices.contract'
import { errorState, FormMessage } from '../../components/Form'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { dayText, PAYMENT_METHOD_TEXT } from './invoice-format'
import { invoicesQueries } from './invoices.queries'

type Payment = InvoiceView['payments'][number]

const STATUS_TEXT: Record<Payment['status'], string> = {
  pending: 'Waiting',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
}

const REFUND_TEXT = {
  pending: 'Being given back',
  done: 'Given back',
  failed: 'Could not be given back',
  accepted: 'Kept as a payment',
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
      <h2 id="payments-heading">Payments</h2>
      {invoice.payments.length === 0 ? (
        <p className="muted">Nothing paid yet.</p>
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
  const queryClient = useQueryClient()
  const money = (amount: number) => formatMoney(amount, invoice.currency)
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
          ? `${money(payment.excess)} was given back.`
          : `Giving back ${money(payment.excess)}: it shows here once ${PAYMENT_METHOD_TEXT[payment.method]} confirms.`,
      )
    },
  })
  const keep = useMutation({
    mutationFn: () => rpc('acceptInvoiceExcess', { invoiceId: invoice.id, paymentId: payment.id }),
    onSuccess: ({ invoice: next }) => {
      shown(next)
      onDone(`${money(payment.excess)} is kept as a payment: it is in your earnings, Soko’s fee taken.`)
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
        <span className={`badge badge-${payment.status}`}>{STATUS_TEXT[payment.status]}</span>
      </p>
      <dl className="details">
        <dt>Method</dt>
        <dd>{PAYMENT_METHOD_TEXT[payment.method] ?? payment.method}</dd>
        <dt>{payment.paidAt ? 'Paid' : 'Started'}</dt>
        <dd>{recorded && payment.paidAt ? dayText(payment.paidAt.slice(0, 10)) : formatDateTime(when)}</dd>
        {payment.receipt ? (
          <>
            <dt>Receipt</dt>
            <dd>{payment.receipt}</dd>
          </>
        ) : null}
        {payment.charged && payment.charged.currency !== invoice.currency ? (
          <>
            <dt>Charged</dt>
            <dd>{formatMoney(payment.charged.amount, payment.charged.currency)}</dd>
          </>
        ) : null}
        {payment.failure ? (
          <>
            <dt>Why it failed</dt>
            <dd>{payment.failure.message}</dd>
          </>
        ) : null}
        {payment.excess > 0 ? (
          <>
            <dt>{cancelled ? 'Paid after the invoice was cancelled' : 'Paid above what was due'}</dt>
            <dd>
              {money(payment.excess)}
              {excessRefund ? ` · ${REFUND_TEXT[excessRefund.status]}` : ''}
              {excessRefund?.message ? `: ${excessRefund.message}` : ''}
            </dd>
          </>
        ) : null}
        {payment.note ? (
          <>
            <dt>Note</dt>
            <dd>{payment.note}</dd>
          </>
        ) : null}
      </dl>
      {canRefund ? (
        <>
          {excessRefund ? null : (
            <p className="muted">
              {cancelled
                ? 'It is not yours: Soko gives it back to whoever paid.'
                : 'Held for whoever paid until you choose: give it back, or keep it if they meant to pay more.'}
            </p>
          )}
          <FormMessage message={failure ? errorState(failure).message : null} />
          {keeping ? (
            <div className="notice">
              <p>
                Keep {money(payment.excess)} as a payment? It becomes your earnings with Soko’s fee taken, and
                can no longer be given back through Soko.
              </p>
              <p className="actions">
                <button
                  type="button"
                  className="button"
                  disabled={keep.isPending}
                  aria-busy={keep.isPending}
                  onClick={() => keep.mutate()}
                >
                  {keep.isPending ? 'Keeping…' : `Keep ${money(payment.excess)}`}
                </button>
                <button type="button" className="button secondary" onClick={() => setKeeping(false)}>
                  Cancel
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
                  ? 'Giving back…'
                  : `${excessRefund?.status === 'failed' ? 'Try again to give back' : 'Give back'} ${money(payment.excess)}`}
              </button>
              {cancelled ? null : (
                <button type="button" className="button secondary" onClick={() => setKeeping(true)}>
                  Keep as a payment…
                </button>
              )}
            </p>
          )}
        </>
      ) : null}
    </li>
  )
}
