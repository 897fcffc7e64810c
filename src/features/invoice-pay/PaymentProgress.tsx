import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef } from 'react'
import { METHOD_NAMES, type PaymentMethod } from '../../../contract/checkout.constants'
import type { PayInvoiceView } from '../../../contract/invoices.contract'
import type { Money } from '../../../contract/money'
import { Paybill, SandboxPhoneNote, useLate } from '../../components/MpesaHelp'
import { translateCode } from '../../lib/i18n'
import { formatMoney } from '../../lib/money'
import { formatPhone, mpesaWords } from '../checkout/order-format'
import { type Payment, paidBy } from './invoice-format'
import type { LeftWait } from './PayBox'

type Pending = NonNullable<PayInvoiceView['pending']>

/** What a payment charged: in the method's currency when it was converted or rounded. */
function chargedOf(invoice: PayInvoiceView, payment: Pending | Payment): Money {
  return payment.charged ?? { amount: payment.amount, currency: invoice.currency }
}

/** A heading that takes the focus when it appears, so a screen reader says where the client now stands. */
function useFocusOnArrival<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return ref
}

/**
 * "Check your phone": an M-Pesa prompt is on its way (`payment`, or just asked for), and the page follows
 * the invoice until M-Pesa answers. The Paybill way shows once the prompt has waited a minute; in sandbox
 * mode the simulator's phone is linked, on the number the prompt went to.
 */
export function MpesaWaiting({
  invoice,
  payment,
  phone,
  checkFailed,
  onLeave,
}: {
  invoice: PayInvoiceView
  payment: Pending | null
  phone: string | undefined
  /** The last check failed (offline, say): it is tried again by itself. */
  checkFailed: string | null
  /** The client stops waiting: to cancel, to send the request to another number, or to pay another way. */
  onLeave: (why: LeftWait) => void
}) {
  const headingId = useId()
  const headingRef = useFocusOnArrival<HTMLHeadingElement>()
  const late = useLate(payment?.createdAt)
  const { t } = useLingui()
  const mpesaCharge = invoice.charges.find((c) => c.method === 'mpesa')?.amount
  const amount = payment ? chargedOf(invoice, payment) : mpesaCharge
  const money = amount ? formatMoney(amount.amount, amount.currency) : ''
  const phoneText = phone ? formatPhone(phone) : t`your phone`
  return (
    <section className="mpesa-wait" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1} ref={headingRef}>
        <Trans>Check your phone</Trans>
      </h2>
      <p className="status" role="status">
        <Trans>Waiting for your M-Pesa PIN…</Trans>
      </p>
      <p>
        {amount ? (
          <Trans>
            We sent an M-Pesa request for <strong>{money}</strong> to <strong>{phoneText}</strong>.
          </Trans>
        ) : (
          <Trans>
            We sent an M-Pesa request to <strong>{phoneText}</strong>.
          </Trans>
        )}
      </p>
      <p className="lead">
        <Trans>Enter your M-Pesa PIN on your phone to pay.</Trans>
      </p>
      <p className="muted">
        <Trans>This page updates by itself when M-Pesa answers: keep it open.</Trans>
      </p>
      {checkFailed ? (
        <p className="muted">
          <Trans>Checking the payment failed ({checkFailed}); trying again…</Trans>
        </p>
      ) : null}
      {/* Paybill counts in shillings: a shilling invoice only. */}
      {late && amount && invoice.paybill ? (
        <Paybill businessNumber={invoice.paybill.number} account={invoice.paybill.account} amount={amount} />
      ) : null}
      <p className="actions mpesa-wait-actions">
        <button type="button" className="button secondary" onClick={() => onLeave('number')}>
          <Trans>Change number</Trans>
        </button>
        {invoice.charges.some((c) => c.method !== 'mpesa') ? (
          <button type="button" className="button secondary" onClick={() => onLeave('other')}>
            <Trans>Pay another way</Trans>
          </button>
        ) : null}
        <button type="button" className="button secondary" onClick={() => onLeave('cancel')}>
          <Trans>Cancel</Trans>
        </button>
      </p>
      {invoice.sandboxPhone ? <SandboxPhoneNote page={invoice.sandboxPhone} phone={phone} /> : null}
    </section>
  )
}

/** Back from the card or PayPal page: the provider has not confirmed yet, and the page follows it. */
export function ProviderWaiting({
  invoice,
  method,
  payment,
  checkFailed,
}: {
  invoice: PayInvoiceView
  method: PaymentMethod
  payment: Pending | null
  checkFailed: string | null
}) {
  const headingId = useId()
  const headingRef = useFocusOnArrival<HTMLHeadingElement>()
  const { t } = useLingui()
  const amount = payment ? chargedOf(invoice, payment) : null
  const name = translateCode(undefined, undefined, METHOD_NAMES[method])
  const money = amount ? formatMoney(amount.amount, amount.currency) : ''
  return (
    <section className="mpesa-wait" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1} ref={headingRef}>
        {t`Waiting for confirmation from ${name}…`}
      </h2>
      <p role="status">
        {money
          ? t`${name} has not confirmed the payment of ${money} yet. This page updates by itself; it usually takes a few seconds.`
          : t`${name} has not confirmed the payment yet. This page updates by itself; it usually takes a few seconds.`}
      </p>
      {checkFailed ? (
        <p className="muted">
          <Trans>Checking the payment failed ({checkFailed}); trying again…</Trans>
        </p>
      ) : null}
    </section>
  )
}

/** What became of the payment this tab started: received (with its receipt), or not completed. */
export type Result =
  | { kind: 'paid'; payment: Payment }
  | { kind: 'not-completed'; method: PaymentMethod; failure?: { code: string; message: string } | null }

export function ResultMessage({
  invoice,
  result,
  quiet = false,
}: {
  invoice: PayInvoiceView
  result: Result
  /** Said as the page opens (not as a payment arrives): the focus stays where it is. */
  quiet?: boolean
}) {
  const { t } = useLingui()
  const focusRef = useFocusOnArrival<HTMLParagraphElement>()
  const ref = quiet ? undefined : focusRef
  if (result.kind === 'paid') {
    const { payment } = result
    const charged = chargedOf(invoice, payment)
    const amount = formatMoney(charged.amount, charged.currency)
    const by = paidBy(payment.method)
    const receipt = payment.receipt
    return (
      <p className="form-message form-message-ok pay-result" role="status" tabIndex={-1} ref={ref}>
        {receipt ? (
          <Trans>
            Payment received: {amount} by <span className="nowrap">{by}</span>, receipt {receipt}. Thank you!
          </Trans>
        ) : (
          <Trans>
            Payment received: {amount} by <span className="nowrap">{by}</span>. Thank you!
          </Trans>
        )}
      </p>
    )
  }
  return (
    <p className="form-message form-message-error pay-result" role="alert" tabIndex={-1} ref={ref}>
      {result.method === 'mpesa' && result.failure
        ? `${mpesaWords(result.failure.code).title}. ${t`Nothing was charged.`} ${mpesaWords(result.failure.code).nextStep}`
        : result.method === 'mpesa'
          ? t`The M-Pesa payment did not go through. Nothing was charged.`
          : result.method === 'card'
            ? t`The card payment was not completed. Nothing was charged.`
            : t`The PayPal payment was not completed. Nothing was charged.`}{' '}
      {invoice.status === 'void' || invoice.totals.dueNow === 0 ? '' : t`You can try again below.`}
    </p>
  )
}
