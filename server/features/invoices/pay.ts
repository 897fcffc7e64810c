import { and, eq, lt, sql } from 'drizzle-orm'
import type { PaymentMethod } from '../../../contract/checkout.constants'
import { INVOICE_CHARGE_MINUTES } from '../../../contract/invoices.constants'
import { invoicePayments, invoices, paymentEvents } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { uuidv7 } from '../../lib/uuid'
import type { ChargeNext, ChargeOutcome, ChargeRef, PaymentProvider } from '../../payments/provider'
import { saleTermsOf } from '../admin/terms'
import { currentRates } from '../catalog/storefront.service'
import type { CheckoutDeps } from '../checkout/deps'
import { chargesFor } from '../checkout/pricing'
import { dueNow, type InvoicePaymentRow, type InvoiceRow, payUrl, statusOf } from './invoice-rows'
import { applyPaid } from './paid'

/**
 * Paying an invoice through the same providers as orders: a charge per attempt (an `invoice_payments`
 * row whose id is the providers' idempotency key), settled once by a verified message or a status query.
 */

function providerOf(deps: Pick<CheckoutDeps, 'gateway'>, method: PaymentMethod): PaymentProvider {
  return deps.gateway.providers[method]
}

export const chargeOfPayment = (p: InvoicePaymentRow): ChargeRef => ({
  id: p.id,
  providerRef: p.providerRef ?? '',
  amount: { amount: p.chargeAmount, currency: p.chargeCurrency },
})

/** Starts paying what is due now (the deposit, then the balance) by `method`. */
export async function payInvoice(
  deps: CheckoutDeps,
  row: InvoiceRow,
  method: PaymentMethod,
  phone: string | null,
): Promise<{ paymentId: string; next: ChargeNext }> {
  const status = statusOf(row, new Date())
  if (status === 'void') throw new AppError(409, 'This invoice was cancelled: there is nothing to pay')
  if (status === 'paid') throw new AppError(409, 'This invoice is already paid')
  if (status === 'draft') throw new AppError(404, 'No such invoice')
  if (method === 'mpesa' && !phone)
    throw new AppError(400, 'Give the M-Pesa number to send the prompt to', {
      phone: 'Give your M-Pesa number, e.g. 0712 345 678',
    })
  const due = dueNow(row)
  const [charge] = chargesFor({ amount: due.amount, currency: row.currency }, await currentRates(deps.db), [
    method,
  ])
  if (!charge)
    throw new AppError(409, 'This invoice cannot be paid that way now: choose another way to pay', {
      method: 'Choose another way to pay',
    })
  // One attempt at a time: a waiting one (a prompt never answered, a card page left open) is closed first
  // where its provider can close it. Were it paid anyway, the money still counts (as excess if too much).
  const waiting = await deps.db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.invoiceId, row.id), eq(invoicePayments.status, 'pending')))
  for (const earlier of waiting) await closeInvoiceCharge(deps, earlier, 'cancelled')
  const id = uuidv7()
  const expiresAt = new Date(Date.now() + INVOICE_CHARGE_MINUTES * 60_000)
  await deps.db.insert(invoicePayments).values({
    id,
    invoiceId: row.id,
    sellerId: row.sellerId,
    method,
    status: 'pending',
    amount: due.amount,
    currency: row.currency,
    chargeAmount: charge.amount.amount,
    chargeCurrency: charge.amount.currency,
    terms: saleTermsOf(await deps.terms.get(), row.currency),
    note: due.deposit ? 'deposit' : null,
    expiresAt,
  })
  try {
    const started = await providerOf(deps, method).startCharge({
      id,
      reference: row.reference,
      amount: charge.amount,
      description: `Invoice ${row.number ?? row.reference}${due.deposit ? ' (deposit)' : ''}`,
      email: row.clientEmail ?? '',
      phone,
      expiresAt,
      returnUrl: payUrl(deps.config.publicUrl, deps.gateway, row.id),
    })
    await deps.db
      .update(invoicePayments)
      .set({ providerRef: started.providerRef, payment: started.details, updatedAt: new Date() })
      .where(eq(invoicePayments.id, id))
    return { paymentId: id, next: started.next }
  } catch (error) {
    await deps.db
      .update(invoicePayments)
      .set({
        status: 'failed',
        failure: { code: 'start', message: 'The payment could not start' },
        updatedAt: new Date(),
      })
      .where(eq(invoicePayments.id, id))
    throw error
  }
}

/** Records the provider's event in the same transaction as its effect: false when it was already seen. */
const claimEvent =
  (provider: string, eventKey: string, paymentId: string, type: string, payload: unknown) =>
  async (tx: Parameters<Parameters<CheckoutDeps['db']['transaction']>[0]>[0]) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ provider, eventId: eventKey, invoicePaymentId: paymentId, type, payload: payload ?? {} })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId })
    return fresh !== undefined
  }

/** Applies a verified outcome to an invoice's charge, once. */
export async function settleInvoiceCharge(
  deps: CheckoutDeps,
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
          updatedAt: new Date(),
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
  deps: CheckoutDeps,
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

/** A charge that can no longer be paid (expired, or the payer cancelled at the provider). */
export async function closeInvoiceCharge(
  deps: CheckoutDeps,
  payment: InvoicePaymentRow,
  why: 'expired' | 'cancelled',
) {
  if (payment.status !== 'pending') return
  if (why === 'expired' && payment.expiresAt && payment.expiresAt.getTime() > Date.now()) return
  const provider = providerOf(deps, payment.method as PaymentMethod)
  if (provider.cancelCharge && payment.providerRef)
    await provider.cancelCharge(chargeOfPayment(payment)).catch((error) => {
      deps.log.warn('could not close an invoice charge at its provider', { paymentId: payment.id, error })
    })
  await deps.db
    .update(invoicePayments)
    .set({ status: why, updatedAt: new Date() })
    .where(and(eq(invoicePayments.id, payment.id), eq(invoicePayments.status, 'pending')))
}

/** Asks the provider about a waiting charge now, and settles it from the answer (PayPal captures here). */
export async function checkInvoiceCharge(deps: CheckoutDeps, payment: InvoicePaymentRow) {
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
export async function checkPendingInvoiceCharge(deps: CheckoutDeps, paymentId: string, minAgeMs = 15_000) {
  const [claimed] = await deps.db
    .update(invoicePayments)
    .set({ checkedAt: new Date() })
    .where(
      and(
        eq(invoicePayments.id, paymentId),
        eq(invoicePayments.status, 'pending'),
        sql`${invoicePayments.providerRef} is not null`,
        lt(invoicePayments.createdAt, new Date(Date.now() - minAgeMs)),
        sql`(${invoicePayments.checkedAt} is null or ${invoicePayments.checkedAt} < now() - interval '10 seconds')`,
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
export async function expireInvoiceCharges(deps: CheckoutDeps, now: Date, limit = 50) {
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
export async function invoiceOfPayment(deps: Pick<CheckoutDeps, 'db'>, payment: InvoicePaymentRow) {
  const [row] = await deps.db.select().from(invoices).where(eq(invoices.id, payment.invoiceId))
  return row ?? null
}
