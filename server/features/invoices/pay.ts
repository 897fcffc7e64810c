import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import type { PaymentMethod } from '../../../contract/checkout.constants'
import { INVOICES, INVOICES_FIELD } from '../../../contract/errors/invoices'
import type { Lang } from '../../../contract/i18n'
import { INVOICE_CHARGE_MINUTES } from '../../../contract/invoices.constants'
import { invoicePayments, invoices, paymentEvents } from '../../db/schema'
import { clock, dbNow } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { uuidv7 } from '../../lib/uuid'
import type { Money } from '../../payments/payments'
import type { ChargeNext, ChargeOutcome, ChargeRef, PaymentProvider } from '../../payments/provider'
import { saleTermsOf } from '../../platform/terms'
import { currentRates } from '../catalog'
import { chargesFor } from '../checkout'
import type { InvoiceServices } from './deps'
import { dueNow, type InvoicePaymentRow, type InvoiceRow, payUrl, statusOf } from './invoice-rows'
import { applyPaid } from './paid'

/**
 * Paying an invoice through the same providers as orders: a charge per attempt (an `invoice_payments`
 * row whose id is the providers' idempotency key), settled once by a verified message or a status query.
 */

function providerOf(deps: Pick<InvoiceServices, 'gateway'>, method: PaymentMethod): PaymentProvider {
  return deps.gateway.providers[method]
}

export const chargeOfPayment = (p: InvoicePaymentRow): ChargeRef => ({
  id: p.id,
  providerRef: p.providerRef ?? '',
  amount: { amount: p.chargeAmount, currency: p.chargeCurrency },
})

/** How long a second ask waits for the first attempt's approval link while that one is being started. */
const STARTING_WAIT_MS = 10_000

/**
 * Starts paying what is due now (the deposit, then the balance) by `method`. One attempt is open per
 * invoice at a time, decided under the invoice's row lock: asked again for the same way to pay (on any
 * instance, a double tap, two tabs) it answers the open attempt — the same approval page, the same M-Pesa
 * prompt — so a client can never approve two; asked for another way (or another phone), the open one is
 * closed first (at its provider too, where it can be) and a new one made. Were a closed one paid anyway,
 * the money is held for the payer as excess, never lost and never counted twice.
 */
export async function payInvoice(
  deps: InvoiceServices,
  row: InvoiceRow,
  method: PaymentMethod,
  phone: string | null,
  /** The paying client's language (the call's Content-Language): their receipt and refund mails use it. */
  lang: Lang = 'en',
): Promise<{ paymentId: string; next: ChargeNext }> {
  if (method === 'mpesa' && !phone)
    throw new AppError(400, INVOICES.giveMPesaNumber, { fields: { phone: INVOICES_FIELD.giveMPesaNumber } })
  // Read before the transaction, which must only use tx.
  const [rates, terms] = await Promise.all([currentRates(deps.db), deps.terms.get()])
  for (let attempt = 0; attempt < 3; attempt++) {
    const step = await deps.db.transaction(async (tx) => {
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, row.id)).for('update')
      if (!invoice) throw new AppError(404, INVOICES.noSuchInvoice)
      assertPayable(invoice)
      if (invoice.clientLanguage !== lang)
        await tx.update(invoices).set({ clientLanguage: lang }).where(eq(invoices.id, invoice.id))
      const due = dueNow(invoice)
      const [charge] = chargesFor({ amount: due.amount, currency: invoice.currency }, rates, [method])
      if (!charge)
        throw new AppError(409, INVOICES.invoiceCannotPaidWay, {
          fields: { method: INVOICES_FIELD.chooseAnotherWayPay },
        })
      const now = clock.now()
      const open = await tx
        .select()
        .from(invoicePayments)
        .where(
          and(
            eq(invoicePayments.invoiceId, invoice.id),
            eq(invoicePayments.status, 'pending'),
            gt(invoicePayments.expiresAt, now),
          ),
        )
      const same = open.find(
        (p) =>
          p.method === method &&
          p.amount === due.amount &&
          (method !== 'mpesa' || p.payment?.phone === phone),
      )
      if (same) return { kind: 'open' as const, payment: same }
      const closed =
        open.length > 0
          ? await tx
              .update(invoicePayments)
              .set({ status: 'cancelled', updatedAt: now })
              .where(
                and(
                  inArray(
                    invoicePayments.id,
                    open.map((p) => p.id),
                  ),
                  eq(invoicePayments.status, 'pending'),
                ),
              )
              .returning()
          : []
      const id = uuidv7()
      const expiresAt = new Date(now.getTime() + INVOICE_CHARGE_MINUTES * 60_000)
      await tx.insert(invoicePayments).values({
        id,
        invoiceId: invoice.id,
        sellerId: invoice.sellerId,
        method,
        status: 'pending',
        amount: due.amount,
        currency: invoice.currency,
        chargeAmount: charge.amount.amount,
        chargeCurrency: charge.amount.currency,
        terms: saleTermsOf(terms, invoice.currency),
        note: due.deposit ? 'deposit' : null,
        payment: phone ? { phone } : null,
        expiresAt,
      })
      return { kind: 'new' as const, id, invoice, charge, deposit: due.deposit, closed, expiresAt }
    })
    if (step.kind === 'open') {
      const next = await nextOf(deps, step.payment.id)
      if (next) return { paymentId: step.payment.id, next }
      // It failed to start: make a new one.
      continue
    }
    for (const earlier of step.closed) await cancelAtProvider(deps, earlier)
    return startAttempt(deps, { ...step, method, phone })
  }
  throw new AppError(409, INVOICES.paymentInvoiceBeingStarted)
}

/** A cancelled, unsent or paid invoice takes no payment. */
function assertPayable(invoice: InvoiceRow) {
  const status = statusOf(invoice, clock.now())
  if (status === 'void') throw new AppError(409, INVOICES.invoiceCancelledNothingPay)
  if (status === 'paid') throw new AppError(409, INVOICES.invoiceAlreadyPaid)
  if (status === 'draft') throw new AppError(404, INVOICES.noSuchInvoice)
}

/** Asks the provider to start the attempt made under the lock, and keeps what the payer does next. */
async function startAttempt(
  deps: InvoiceServices,
  a: {
    id: string
    method: PaymentMethod
    phone: string | null
    invoice: InvoiceRow
    charge: { amount: Money }
    deposit: boolean
    expiresAt: Date
  },
): Promise<{ paymentId: string; next: ChargeNext }> {
  try {
    const started = await providerOf(deps, a.method).startCharge({
      id: a.id,
      reference: a.invoice.reference,
      amount: a.charge.amount,
      // i18n-ignore: the charge's description at the provider (its dashboard and statement), not Soko's page
      description: `Invoice ${a.invoice.number ?? a.invoice.reference}${a.deposit ? ' (deposit)' : ''}`,
      email: a.invoice.clientEmail ?? '',
      phone: a.phone,
      expiresAt: a.expiresAt,
      returnUrl: payUrl(deps.config.publicUrl, deps.gateway, a.invoice.id),
    })
    await deps.db
      .update(invoicePayments)
      .set({
        providerRef: started.providerRef,
        next: started.next,
        payment: { ...(a.phone ? { phone: a.phone } : {}), ...started.details },
        updatedAt: clock.now(),
      })
      .where(eq(invoicePayments.id, a.id))
    return { paymentId: a.id, next: started.next }
  } catch (error) {
    await deps.db
      .update(invoicePayments)
      .set({
        status: 'failed',
        // i18n-ignore: the stored record of the attempt; the pay page writes its own words for a failed start
        failure: { code: 'start', message: 'The payment could not start' },
        updatedAt: clock.now(),
      })
      .where(eq(invoicePayments.id, a.id))
    throw error
  }
}

/**
 * The open attempt's next step, once its provider has answered (it may be starting on another instance):
 * null when it failed to start or was closed meanwhile.
 */
async function nextOf(deps: InvoiceServices, paymentId: string): Promise<ChargeNext | null> {
  const until = clock.ms() + STARTING_WAIT_MS
  for (;;) {
    const [row] = await deps.db.select().from(invoicePayments).where(eq(invoicePayments.id, paymentId))
    if (row?.status !== 'pending') return null
    if (row.next) return row.next
    if (clock.ms() > until) throw new AppError(409, INVOICES.paymentInvoiceBeingStarted)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Records the provider's event in the same transaction as its effect: false when it was already seen. */
const claimEvent =
  (provider: string, eventKey: string, paymentId: string, type: string, payload: unknown) =>
  async (tx: Parameters<Parameters<InvoiceServices['db']['transaction']>[0]>[0]) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ provider, eventId: eventKey, invoicePaymentId: paymentId, type, payload: payload ?? {} })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId })
    return fresh !== undefined
  }

/** Applies a verified outcome to an invoice's charge, once. */
export async function settleInvoiceCharge(
  deps: InvoiceServices,
  s: {
    provider: PaymentMethod
    eventKey: string
    payment: InvoicePaymentRow
    outcome: ChargeOutcome
    payload?: unknown
  },
) {
  const { payment, outcome } = s
  const claim = claimEvent(s.provider, s.eventKey, payment.id, outcome.kind, s.payload ?? outcome)
  if (outcome.kind === 'failed') {
    await deps.db.transaction(async (tx) => {
      if (!(await claim(tx))) return
      await tx
        .update(invoicePayments)
        .set({
          status: 'failed',
          failure: { code: outcome.code, message: outcome.message },
          updatedAt: clock.now(),
        })
        .where(and(eq(invoicePayments.id, payment.id), eq(invoicePayments.status, 'pending')))
    })
    return
  }
  if (outcome.amount.amount !== payment.chargeAmount || outcome.amount.currency !== payment.chargeCurrency) {
    // Never count a different amount than was asked for: a person looks at it.
    deps.log.error('invoice payment amount does not match its charge', {
      paymentId: payment.id,
      expected: `${payment.chargeCurrency} ${payment.chargeAmount}`,
      got: `${outcome.amount.currency} ${outcome.amount.amount}`,
    })
    return
  }
  await applyPaid(
    deps,
    { paymentId: payment.id, amount: payment.amount, receipt: outcome.receipt, details: outcome.details },
    claim,
  )
}

/**
 * A Paybill payment naming an invoice's reference: any amount counts — less than due is a part payment,
 * more pays it and the rest is the payment's excess. Answers false when the invoice cannot take it (then
 * the money is kept for an admin).
 */
export async function applyPaybill(
  deps: InvoiceServices,
  row: InvoiceRow,
  eventKey: string,
  outcome: Extract<ChargeOutcome, { kind: 'paid' }>,
  payload: unknown,
): Promise<boolean> {
  if (row.voidedAt || !row.sentAt || row.currency !== outcome.amount.currency) return false
  const id = uuidv7()
  const receipt = outcome.receipt ?? eventKey
  const claim = claimEvent('mpesa', eventKey, id, 'paid', payload)
  const terms = saleTermsOf(await deps.terms.get(), row.currency)
  await applyPaid(
    deps,
    { paymentId: id, amount: outcome.amount.amount, receipt, details: outcome.details },
    async (tx) => {
      if (!(await claim(tx))) return false
      await tx.insert(invoicePayments).values({
        id,
        invoiceId: row.id,
        sellerId: row.sellerId,
        method: 'mpesa',
        status: 'pending',
        amount: outcome.amount.amount,
        currency: row.currency,
        chargeAmount: outcome.amount.amount,
        chargeCurrency: outcome.amount.currency,
        providerRef: `c2b:${receipt}`,
        terms,
      })
      return true
    },
  )
  return true
}

/** Closes a charge at its provider where it can be closed (a PayPal order, a Checkout Session). */
export async function cancelAtProvider(deps: InvoiceServices, payment: InvoicePaymentRow) {
  const provider = providerOf(deps, payment.method as PaymentMethod)
  if (provider.cancelCharge && payment.providerRef)
    await provider.cancelCharge(chargeOfPayment(payment)).catch((error) => {
      deps.log.warn('could not close an invoice charge at its provider', { paymentId: payment.id, error })
    })
}

/** A charge that can no longer be paid (expired, or the payer cancelled at the provider). */
export async function closeInvoiceCharge(
  deps: InvoiceServices,
  payment: InvoicePaymentRow,
  why: 'expired' | 'cancelled',
) {
  if (payment.status !== 'pending') return
  if (why === 'expired' && payment.expiresAt && payment.expiresAt.getTime() > clock.ms()) return
  await cancelAtProvider(deps, payment)
  await deps.db
    .update(invoicePayments)
    .set({ status: why, updatedAt: clock.now() })
    .where(and(eq(invoicePayments.id, payment.id), eq(invoicePayments.status, 'pending')))
}

/** Asks the provider about a waiting charge now, and settles it from the answer (PayPal captures here). */
export async function checkInvoiceCharge(deps: InvoiceServices, payment: InvoicePaymentRow) {
  if (payment.status !== 'pending' || !payment.providerRef) return
  const method = payment.method as PaymentMethod
  const answer = await providerOf(deps, method).checkCharge(chargeOfPayment(payment))
  if (answer.state === 'settled')
    await settleInvoiceCharge(deps, {
      provider: method,
      eventKey: answer.eventKey,
      payment,
      outcome: answer.outcome,
    })
  else if (answer.state === 'expired') await closeInvoiceCharge(deps, payment, 'expired')
}

/** A waiting charge whose callback is late: asked about at most every 10 s across instances. */
export async function checkPendingInvoiceCharge(deps: InvoiceServices, paymentId: string, minAgeMs = 15_000) {
  const [claimed] = await deps.db
    .update(invoicePayments)
    .set({ checkedAt: clock.now() })
    .where(
      and(
        eq(invoicePayments.id, paymentId),
        eq(invoicePayments.status, 'pending'),
        sql`${invoicePayments.providerRef} is not null`,
        lt(invoicePayments.createdAt, new Date(clock.ms() - minAgeMs)),
        sql`(${invoicePayments.checkedAt} is null or ${invoicePayments.checkedAt} < ${dbNow()} - interval '10 seconds')`,
      ),
    )
    .returning()
  if (!claimed) return
  try {
    await checkInvoiceCharge(deps, claimed)
  } catch (error) {
    deps.log.warn('invoice charge check failed; the next check will try again', { paymentId, error })
  }
}

/** Closes waiting charges whose time ran out, asking the provider first so a late payment is not lost. */
export async function expireInvoiceCharges(deps: InvoiceServices, now: Date, limit = 50) {
  const due = await deps.db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.status, 'pending'), lt(invoicePayments.expiresAt, now)))
    .limit(limit)
  for (const payment of due) {
    await checkPendingInvoiceCharge(deps, payment.id, 0)
    const [fresh] = await deps.db.select().from(invoicePayments).where(eq(invoicePayments.id, payment.id))
    if (fresh) await closeInvoiceCharge(deps, fresh, 'expired')
  }
}

/** The invoice a payment is for. */
export async function invoiceOfPayment(deps: Pick<InvoiceServices, 'db'>, payment: InvoicePaymentRow) {
  const [row] = await deps.db.select().from(invoices).where(eq(invoices.id, payment.invoiceId))
  return row ?? null
}
