import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { METHOD_NAMES, type PaymentMethod } from '../../../contract/checkout.constants'
import type { PayInvoiceView } from '../../../contract/invoices.contract'
import { MPESA_PHONE_HINT, normalizeKenyanMobile } from '../../../contract/phone'
import { errorState, type FieldErrors, FormMessage } from '../../components/Form'
import { Paybill } from '../../components/MpesaHelp'
import { cachedLocation, countryOf } from '../../lib/geo'
import { translateCode } from '../../lib/i18n'
import { exchangeRateText, formatMoney } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { CheckoutPayment, HOW_IT_GOES } from '../checkout/CheckoutPayment'
import { formatPhone } from '../checkout/order-format'
import type { Followed } from './following'
import { amountText, dayText } from './invoice-format'

type Charge = PayInvoiceView['charges'][number]

/**
 * What is due now and the form that pays it: the amount (the deposit first, then the balance), how to pay
 * (M-Pesa with the phone the prompt goes to, card or PayPal) with exactly what that method charges, and
 * the button. Card and PayPal leave for their page; M-Pesa hands the waiting payment to the page.
 */
export function PayBox({
  invoice,
  accessKey,
  lastPhone,
  onStarted,
  leftWait,
}: {
  invoice: PayInvoiceView
  accessKey: string
  /** The number this page last sent a prompt to (2547…): the balance goes from the same phone as the deposit. */
  lastPhone?: string | undefined
  /** `leaving`: the browser is going to the card or PayPal page, which sends the client back here. */
  onStarted: (followed: Followed, leaving: boolean) => void
  /** Back from an M-Pesa wait the client left: to cancel, to change the number, or to pay another way. */
  leftWait?: LeftWait | undefined
}) {
  const { t } = useLingui()
  const headingId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const available = invoice.charges.map((c) => c.method)
  const [method, setMethod] = useState<PaymentMethod>(() =>
    leftWait === 'number' && available.includes('mpesa')
      ? 'mpesa'
      : leftWait === 'other'
        ? (available.find((m) => m !== 'mpesa') ?? firstMethod(invoice))
        : firstMethod(invoice),
  )
  const touched = useRef(leftWait !== undefined)
  const [phone, setPhone] = useState(() => {
    const known = lastPhone ?? (invoice.client.phone && normalizeKenyanMobile(invoice.client.phone))
    return known ? formatPhone(known) : ''
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Left an M-Pesa wait: the field to change (the number, or how to pay) has the focus.
  useEffect(() => {
    const form = formRef.current
    if (!form || !leftWait) return
    if (leftWait === 'number') form.querySelector<HTMLInputElement>('[name="phone"]')?.select()
    if (leftWait === 'other') form.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus()
    if (leftWait === 'cancel') form.querySelector<HTMLElement>('.pay-left-wait')?.focus()
  }, [leftWait])
  const charge = invoice.charges.find((c) => c.method === method)

  const mpesaTaken = available.includes('mpesa')
  // Kenya pays by M-Pesa (the cached location), as at checkout, unless the client has chosen.
  useEffect(() => {
    void cachedLocation().then((location) => {
      if (!touched.current && mpesaTaken && countryOf(location) === 'KE') setMethod('mpesa')
    })
  }, [mpesaTaken])
  // Back from the card page through the browser's back button: the form works again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && setBusy(false)
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [])

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const mpesaPhone = method === 'mpesa' ? normalizeKenyanMobile(phone) : null
    if (method === 'mpesa' && !mpesaPhone) {
      setErrors({ phone: translateCode(undefined, undefined, MPESA_PHONE_HINT) })
      setMessage(null)
      setTimeout(() => formRef.current?.querySelector<HTMLElement>('[name="phone"]')?.focus())
      return
    }
    setBusy(true)
    setErrors({})
    setMessage(null)
    try {
      const { paymentId, next } = await rpc('payInvoice', {
        invoiceId: invoice.id,
        key: accessKey,
        method,
        ...(mpesaPhone ? { phone: mpesaPhone } : {}),
      })
      const followed: Followed = {
        paymentId,
        method,
        startedAt: Date.now(),
        ...(next.kind === 'mpesa' ? { phone: next.phone } : {}),
      }
      onStarted(followed, next.kind === 'redirect')
      // Stays busy while the browser leaves for the card or PayPal page.
      if (next.kind === 'redirect') location.assign(next.url)
      else setBusy(false)
    } catch (error) {
      const state = errorState(error)
      setErrors(state.errors)
      setMessage(state.message)
      setBusy(false)
      setTimeout(() => formRef.current?.querySelector<HTMLElement>('[role="alert"]')?.focus())
    }
  }

  const sellerName = invoice.seller.name
  return (
    <section className="pay-box" aria-labelledby={headingId}>
      <DueNow invoice={invoice} headingId={headingId} />
      {available.length === 0 ? (
        <p role="status">
          <Trans>
            This invoice cannot be paid online right now. Try again later, or ask {sellerName} how to pay.
          </Trans>
        </p>
      ) : (
        <form ref={formRef} className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <FormMessage message={message} />
          {leftWait === 'cancel' ? (
            <p className="form-message pay-left-wait" role="status" tabIndex={-1}>
              <Trans>
                Stopped waiting for M-Pesa. If its request is still on your phone, ignore it: nothing is taken
                without your PIN.
              </Trans>
            </p>
          ) : null}
          <CheckoutPayment
            method={method}
            onMethod={(m) => {
              touched.current = true
              setMethod(m)
            }}
            available={available}
            phone={phone}
            onPhone={setPhone}
            onPhoneBlur={() =>
              setErrors(({ phone: _, ...rest }) =>
                phone.trim() && !normalizeKenyanMobile(phone)
                  ? { ...rest, phone: translateCode(undefined, undefined, MPESA_PHONE_HINT) }
                  : rest,
              )
            }
            errors={errors}
          />
          <ChargeLine invoice={invoice} method={method} charge={charge} />
          <button type="submit" className="button" disabled={busy || !charge} aria-busy={busy}>
            {busy ? t`One moment…` : payText(invoice, charge)}
          </button>
          <p className="muted">{t(HOW_IT_GOES[method])}</p>
          {method === 'mpesa' ? <PaybillInstead invoice={invoice} /> : null}
        </form>
      )}
    </section>
  )
}

/** Why the client left an M-Pesa wait: each brings the form back ready for what they meant to do. */
export type LeftWait = 'cancel' | 'number' | 'other'

/** The invoice's currency is the client's if M-Pesa takes it, else card; M-Pesa when the client is Kenyan. */
function firstMethod(invoice: PayInvoiceView): PaymentMethod {
  const methods = invoice.charges.map((c) => c.method)
  const kenyan = invoice.currency === 'KES' || Boolean(invoice.client.phone?.startsWith('254'))
  if (kenyan && methods.includes('mpesa')) return 'mpesa'
  return methods.includes('card') ? 'card' : (methods[0] ?? 'card')
}

/** "Deposit due now", "Balance due" or "Amount due", the amount, and what follows or when it is due. */
function DueNow({ invoice, headingId }: { invoice: PayInvoiceView; headingId: string }) {
  const { totals } = invoice
  const overdue = invoice.status === 'overdue'
  const day = dayText(invoice.dueDate)
  const due = overdue ? t`Overdue: it was due on ${day}.` : t`Due by ${day}.`
  const heading = invoice.dueNowIsDeposit
    ? t`Deposit due now`
    : totals.paid > 0
      ? t`Balance due`
      : t`Amount due`
  const total = amountText(invoice, totals.total)
  const balance = amountText(invoice, totals.balance - totals.dueNow)
  const paid = amountText(invoice, totals.paid)
  return (
    <>
      <h2 id={headingId}>{heading}</h2>
      <p className="pay-amount">{amountText(invoice, totals.dueNow)}</p>
      <p className={overdue ? 'pay-overdue' : 'muted'}>
        {invoice.dueNowIsDeposit
          ? t`A deposit on the total of ${total}. The balance of ${balance} follows, due by ${day}.`
          : totals.paid > 0
            ? `${t`${paid} of ${total} is paid.`} ${due}`
            : due}
      </p>
    </>
  )
}

/**
 * What the chosen method charges when it is not the invoice's own figure: converted into the currency the
 * method takes (at what rate), or rounded up to whole shillings for M-Pesa. The button says the amount.
 */
function ChargeLine({
  invoice,
  method,
  charge,
}: {
  invoice: PayInvoiceView
  method: PaymentMethod
  charge: Charge | undefined
}) {
  const due = amountText(invoice, invoice.totals.dueNow)
  const name = <span className="nowrap">{translateCode(undefined, undefined, METHOD_NAMES[method])}</span>
  if (!charge)
    return (
      <p role="status" className="quote">
        <Trans>{name} cannot take this payment right now: choose another way to pay.</Trans>
      </p>
    )
  const converted = charge.amount.currency !== invoice.currency
  if (!converted && charge.amount.amount === invoice.totals.dueNow) return null
  const charged = formatMoney(charge.amount.amount, charge.amount.currency)
  const currency = charge.amount.currency
  const rate = charge.rate ? exchangeRateText(charge.rate, invoice.currency, currency) : ''
  return (
    <p role="status" className="quote">
      <Trans>
        You pay <strong>{charged}</strong> with {name}:
      </Trans>{' '}
      {converted
        ? rate
          ? t`it charges in ${currency}, so ${due} is converted at ${rate}.`
          : t`it charges in ${currency}, so ${due} is converted.`
        : t`${due} rounded up to whole shillings, as M-Pesa takes them.`}
    </p>
  )
}

/** The button's words: the deposit, the balance, or the amount, in what the chosen method charges. */
function payText(invoice: PayInvoiceView, charge: Charge | undefined): string {
  const amount = charge ? formatMoney(charge.amount.amount, charge.amount.currency) : ''
  if (invoice.dueNowIsDeposit) return amount ? t`Pay deposit ${amount}` : t`Pay deposit`
  if (invoice.totals.paid > 0) return amount ? t`Pay the balance ${amount}` : t`Pay the balance`
  return amount ? t`Pay ${amount}` : t`Pay`
}

/**
 * For a phone whose prompts do not come: the Paybill details, folded away until asked for. Only for a
 * shilling invoice: a Paybill payment counts in shillings, and for another currency it would not match.
 */
function PaybillInstead({ invoice }: { invoice: PayInvoiceView }) {
  const { t } = useLingui()
  const charge = invoice.charges.find((c) => c.method === 'mpesa')
  if (!charge || !invoice.paybill) return null
  return (
    <details className="paybill-instead">
      <summary>
        <Trans>Pay by Paybill instead</Trans>
      </summary>
      <Paybill
        businessNumber={invoice.paybill.number}
        account={invoice.paybill.account}
        amount={charge.amount}
        intro={t`In M-Pesa choose Lipa na M-Pesa, then Pay Bill, and enter:`}
      />
    </details>
  )
}
