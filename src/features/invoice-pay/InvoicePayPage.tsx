import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { PayInvoiceView } from '../../../contract/invoices.contract'
import { OfflineNote } from '../../components/OfflineNote'
import { formatDate } from '../../lib/dates'
import { usePageTitle } from '../../lib/title'
import { type Followed, keepFollowed, outcomeOf, readFollowed, START_GRACE_MS } from './following'
import { InvoiceDocument, PaymentsReceived } from './InvoiceDocument'
import { InvoicePayLoading } from './InvoicePayLoading'
import { amountText, clientStatus, paidInFullOn } from './invoice-format'
import { invoicePayQueries, PAY_POLL_MS } from './invoice-pay.queries'
import { type LeftWait, PayBox } from './PayBox'
import { PayFrame } from './PayFrame'
import { MpesaWaiting, ProviderWaiting, type Result, ResultMessage } from './PaymentProgress'

/**
 * /p?invoice={id}&key={key}: the invoice a seller sent, as its client reads it (often on a cheap phone,
 * from WhatsApp, SMS or e-mail), prints it and pays what is due now — the deposit, then the balance — by
 * M-Pesa, card or PayPal. A payment on its way is followed until its provider answers; coming back from
 * the card or PayPal page lands here and shows how that payment stands. The route's loader has the invoice
 * (a wrong key is the 404 page before this renders).
 */
export function InvoicePayPage({ invoiceId, accessKey }: { invoiceId: string; accessKey: string }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [followed, setFollowed] = useState<Followed | null>(() => readFollowed(invoiceId))
  const [result, setResult] = useState<Result | null>(null)
  const [lastPhone, setLastPhone] = useState(followed?.phone)
  const [now, setNow] = useState(Date.now)
  // The client stopped waiting for an M-Pesa prompt (to cancel, change the number or pay another way).
  const [leftWait, setLeftWait] = useState<{ paymentId: string | null; why: LeftWait } | null>(null)
  const following = followed !== null
  const query = useQuery({
    ...invoicePayQueries.invoice(invoiceId, accessKey),
    // Also while a payment this tab started has not shown up yet (or has just gone from waiting).
    refetchInterval: (q) => (q.state.data?.pending || following ? PAY_POLL_MS : false),
  })
  const invoice = query.data
  const found = invoice ? outcomeOf(invoice, followed, now) : ({ kind: 'none' } as const)
  // A prompt the client walked away from is not waited on: the form is back (a PIN entered still counts).
  const outcome =
    found.kind === 'waiting' && leftWait && leftWait.paymentId === found.payment.id
      ? ({ kind: 'none' } as const)
      : found
  const outcomeKey = `${outcome.kind}:${'payment' in outcome ? outcome.payment.id : ''}`

  const follow = (next: Followed | null) => {
    setFollowed(next)
    keepFollowed(invoiceId, next)
  }
  // The followed payment: seen waiting, then received or not completed (said once, then let go).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when where the payment stands changes
  useEffect(() => {
    if (!followed) return
    if (outcome.kind === 'waiting' && outcome.payment.id === followed.paymentId && !followed.seenPending)
      follow({ ...followed, seenPending: true })
    if (outcome.kind === 'paid' || outcome.kind === 'not-completed') {
      setResult(
        outcome.kind === 'paid'
          ? outcome
          : {
              kind: 'not-completed',
              method: outcome.method,
              // Why, when the attempt that failed is this tab's.
              failure: invoice?.failed?.id === followed.paymentId ? invoice.failed.failure : null,
            },
      )
      follow(null)
    }
  }, [outcomeKey])
  // A payment just started that has not shown up yet: look again when its grace runs out.
  useEffect(() => {
    if (outcome.kind !== 'starting' || !followed) return
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.max(0, followed.startedAt + START_GRACE_MS + 500 - Date.now()),
    )
    return () => clearTimeout(timer)
  }, [outcome.kind, followed])

  const invoiceName = invoice ? (invoice.number ?? invoice.reference) : ''
  usePageTitle(invoice ? t`Invoice ${invoiceName}` : t`Invoice`)
  if (!invoice) return <InvoicePayLoading />

  const started = (next: Followed, leaving: boolean) => {
    // Kept for the page the provider sends the client back to; this one stays as it is meanwhile.
    if (leaving) return keepFollowed(invoiceId, next)
    setResult(null)
    setNow(Date.now())
    if (next.phone) setLastPhone(next.phone)
    follow(next)
    if (next.method === 'mpesa')
      void queryClient.invalidateQueries({
        queryKey: invoicePayQueries.invoice(invoiceId, accessKey).queryKey,
      })
  }
  const leave = (why: LeftWait) => {
    setLeftWait({
      paymentId: outcome.kind === 'waiting' ? outcome.payment.id : (followed?.paymentId ?? null),
      why,
    })
    setResult(null)
    follow(null)
  }
  const checkFailed = query.isRefetchError ? query.error.message : null
  const status = clientStatus(invoice.status)
  const number = invoice.number ?? invoice.reference
  const seller = invoice.seller.name
  const client = invoice.client.name
  const paid = invoice.status === 'paid'
  // Opened again after a deposit (or from another tab): the last payment is said as received, too.
  const lastReceived = !result && invoice.status === 'partially_paid' ? invoice.payments.at(-1) : undefined

  return (
    <PayFrame seller={invoice.seller}>
      <article className="invoice-pay" aria-labelledby="invoice-heading">
        <header className="invoice-head">
          <h1 id="invoice-heading">
            <Trans>Invoice {number}</Trans>{' '}
            <span className={`badge badge-${status.tone}`}>{status.text}</span>
          </h1>
          <p className="lead">
            <Trans>
              From <strong>{seller}</strong> to {client}
            </Trans>
          </p>
        </header>
        <OfflineNote updatedAt={query.dataUpdatedAt} failed={query.isRefetchError} />
        {result ? (
          <ResultMessage key={JSON.stringify(result)} invoice={invoice} result={result} />
        ) : lastReceived && outcome.kind === 'none' ? (
          <ResultMessage invoice={invoice} result={{ kind: 'paid', payment: lastReceived }} quiet />
        ) : null}
        {invoice.status === 'void' ? (
          <Cancelled invoice={invoice} />
        ) : outcome.kind === 'waiting' || outcome.kind === 'starting' ? (
          (outcome.kind === 'waiting' ? outcome.payment.method : outcome.method) === 'mpesa' ? (
            <MpesaWaiting
              invoice={invoice}
              payment={outcome.kind === 'waiting' ? outcome.payment : null}
              phone={outcome.phone}
              checkFailed={checkFailed}
              onLeave={leave}
            />
          ) : (
            <ProviderWaiting
              invoice={invoice}
              method={outcome.kind === 'waiting' ? methodOf(outcome.payment) : outcome.method}
              payment={outcome.kind === 'waiting' ? outcome.payment : null}
              checkFailed={checkFailed}
            />
          )
        ) : paid ? (
          <PaidReceipt invoice={invoice} />
        ) : invoice.totals.dueNow > 0 ? (
          <PayBox
            key={leftWait ? `${leftWait.paymentId}:${leftWait.why}` : 'pay'}
            invoice={invoice}
            accessKey={accessKey}
            lastPhone={lastPhone}
            onStarted={(next, leaving) => {
              // The same prompt asked again (same number) is waited on again; a page left keeps its form.
              if (!leaving) setLeftWait(null)
              started(next, leaving)
            }}
            leftWait={leftWait?.why}
          />
        ) : null}
        <InvoiceDocument invoice={invoice} showPayments={!paid} />
        <p className="actions invoice-actions">
          <a className="button secondary" href={invoice.pdfUrl} download>
            <Trans>Download PDF</Trans>
          </a>
          <button type="button" className="button secondary" onClick={() => window.print()}>
            <Trans>Print</Trans>
          </button>
        </p>
      </article>
    </PayFrame>
  )
}

/** Payments shown as waiting come from the three providers only (cash and bank are recorded, never wait). */
function methodOf(payment: NonNullable<PayInvoiceView['pending']>) {
  return payment.method === 'cash' || payment.method === 'bank' ? 'card' : payment.method
}

/** Paid in full: when, the payments with their receipts, and the PDF to keep. */
function PaidReceipt({ invoice }: { invoice: PayInvoiceView }) {
  const { t } = useLingui()
  const on = paidInFullOn(invoice)
  const day = on ? formatDate(on) : ''
  const sellerName = invoice.seller.name
  const total = amountText(invoice, invoice.totals.total)
  return (
    <section className="invoice-state invoice-receipt" aria-labelledby="invoice-receipt">
      <h2 id="invoice-receipt">{on ? t`Paid in full on ${day}` : t`Paid in full`}</h2>
      <p>
        <Trans>
          {sellerName} has received {total}. Thank you! Keep the PDF as your receipt.
        </Trans>
      </p>
      <PaymentsReceived invoice={invoice} heading="h3" />
      <p className="actions">
        <a className="button" href={invoice.pdfUrl} download>
          <Trans>Download PDF receipt</Trans>
        </a>
      </p>
    </section>
  )
}

/** A cancelled (void) invoice: nothing is due, and the client is told whom to ask. */
function Cancelled({ invoice }: { invoice: PayInvoiceView }) {
  const { seller } = invoice
  const sellerName = seller.name
  const email = seller.email
  return (
    <section className="invoice-state invoice-void" aria-labelledby="invoice-void">
      <h2 id="invoice-void">
        <Trans>This invoice was cancelled</Trans>
      </h2>
      <p>
        <Trans>{sellerName} cancelled it, so nothing is due on it and it cannot be paid.</Trans>{' '}
        {email ? (
          <Trans>
            Questions? Write to <a href={`mailto:${email}`}>{email}</a>.
          </Trans>
        ) : null}
      </p>
    </section>
  )
}
