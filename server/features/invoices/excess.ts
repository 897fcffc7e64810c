import { and, eq, lt, sql } from 'drizzle-orm'
import type { PaymentMethod } from '../../../contract/checkout.constants'
import { INVOICES } from '../../../contract/errors/invoices'
import type { Tx } from '../../db/client'
import { invoicePayments, invoices, ledgerEntries } from '../../db/schema'
import { type Entry, postTransaction } from '../../ledger/ledger'
import { saleEntries } from '../../ledger/postings'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { isUuid, uuidv7 } from '../../lib/uuid'
import { PaymentProviderError } from '../../payments/payments'
import { type TransferState, type TransferTarget, transferMatches } from '../../payments/provider'
import { refundMismatch } from '../checkout'
import type { InvoiceServices } from './deps'
import type { InvoicePaymentRow } from './invoice-rows'
import { EXCESS_REFUND_UNSENT } from './view'

/**
 * What a payment paid beyond what was due (a Paybill payment for more, a second payment of a paid
 * invoice), or all of a payment made after the invoice was cancelled. It is held for the payer in the
 * ledger (`payer:{payment}`), never the seller's, until the seller either gives it back — sent to the payer
 * by the provider that took it (M-Pesa B2C to the number that paid; a partial card or PayPal refund),
 * recorded when the provider says it is done — or keeps it as a payment, when it becomes earnings like a
 * sale with Soko's fee in the payment's terms. A cancelled invoice's payment is given back at once. One
 * refund per payment: a failed one may be asked again under a fresh id.
 *
 * Payments booked before excess was held credited it to the seller, fee-free; their refund and keeping
 * still balance (`heldForPayer` tells the two apart).
 */

const PROVIDER_METHODS = ['mpesa', 'card', 'paypal']

/** The ledger's account of money owed back to whoever made an invoice payment. */
export const payerAccount = (paymentId: string) => `payer:${paymentId}`

/** Whether the payment's excess sits in the payer's account (else: booked to the seller, as it once was). */
async function heldForPayer(tx: Tx, paymentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, payerAccount(paymentId)))
    .limit(1)
  return row !== undefined
}

/** The seller's payment with an excess still undecided (or whose refund failed), locked. */
async function undecidedExcess(tx: Tx, sellerId: string, invoiceId: string, paymentId: string) {
  const [payment] = await tx
    .select()
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.id, paymentId),
        eq(invoicePayments.invoiceId, invoiceId),
        eq(invoicePayments.sellerId, sellerId),
      ),
    )
    .for('update')
  if (!payment) throw new AppError(404, INVOICES.noSuchPayment)
  if (payment.status !== 'paid' || payment.excess <= 0) throw new AppError(409, INVOICES.noExcess)
  if (!PROVIDER_METHODS.includes(payment.method)) throw new AppError(409, INVOICES.paidOutsideSoko)
  if (payment.excessRefundStatus === 'pending' || payment.excessRefundStatus === 'done')
    throw new AppError(409, INVOICES.excessAlreadyReturned)
  if (payment.excessRefundStatus === 'accepted') throw new AppError(409, INVOICES.keptExcessAsPayment)
  return payment
}

export async function refundExcess(
  deps: InvoiceServices,
  sellerId: string,
  invoiceId: string,
  paymentId: string,
) {
  const claimed = await deps.db.transaction(async (tx) => {
    const payment = await undecidedExcess(tx, sellerId, invoiceId, paymentId)
    const [row] = await tx
      .update(invoicePayments)
      .set({
        excessRefundId: uuidv7(),
        excessRefundStatus: 'pending',
        excessRefundMessage: null,
        excessRefundRef: null,
        updatedAt: clock.now(),
      })
      .where(eq(invoicePayments.id, payment.id))
      .returning()
    return row
  })
  if (!claimed?.excessRefundId) throw new Error('excess refund not recorded')
  const [invoice] = await deps.db.select().from(invoices).where(eq(invoices.id, claimed.invoiceId))
  try {
    const state = await deps.gateway.providers[claimed.method as PaymentMethod].refund({
      id: claimed.excessRefundId,
      charge: {
        id: claimed.id,
        providerRef: claimed.providerRef ?? '',
        amount: { amount: claimed.chargeAmount, currency: claimed.chargeCurrency },
        reference: invoice?.reference ?? '',
        payment: claimed.payment ?? {},
      },
      amount: excessCharged(claimed),
      // The refund's reason as the payment provider records it (its dashboard, its API), not Soko's page.
      reason: invoice?.voidedAt
        ? `Paid after invoice ${invoice.number ?? invoice.reference} was cancelled` // i18n-ignore: the provider's record
        : `Paid beyond invoice ${invoice?.number ?? invoice?.reference ?? ''}`, // i18n-ignore: the provider's record
    })
    await applyExcessRefund(deps, claimed.excessRefundId, state)
  } catch (error) {
    const message = error instanceof PaymentProviderError ? error.message : EXCESS_REFUND_UNSENT.message
    deps.log.warn('excess refund not sent', { paymentId, error })
    await applyExcessRefund(deps, claimed.excessRefundId, { state: 'failed', message })
  }
}

/** What goes back: the excess in the currency the payer was charged in. */
function excessCharged(payment: InvoicePaymentRow) {
  // Booked before the charge's figure was kept: only same-currency payments had an excess then.
  const amount = payment.excessCharge > 0 ? payment.excessCharge : payment.excess
  return { amount, currency: payment.chargeCurrency }
}

/**
 * The seller keeps an excess as a payment (the client meant to pay more): it becomes earnings like a sale,
 * Soko's fee taken in the payment's terms, withdrawable after the hold. Never on a cancelled invoice.
 */
export async function acceptExcess(
  deps: InvoiceServices,
  sellerId: string,
  invoiceId: string,
  paymentId: string,
) {
  await deps.db.transaction(async (tx) => {
    const payment = await undecidedExcess(tx, sellerId, invoiceId, paymentId)
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, payment.invoiceId))
    if (!invoice) throw new Error(`invoice payment ${payment.id} has no invoice`)
    if (invoice.voidedAt) throw new AppError(409, INVOICES.invoiceCancelledWhatPaid)
    const now = clock.now()
    await tx
      .update(invoicePayments)
      .set({ excessRefundStatus: 'accepted', excessRefundMessage: null, updatedAt: now })
      .where(eq(invoicePayments.id, payment.id))
    const charged = excessCharged(payment)
    const sale = saleEntries(
      {
        method: payment.method,
        sellerId,
        total: payment.excess,
        currency: invoice.currency,
        chargeAmount: charged.amount,
        chargeCurrency: charged.currency,
        terms: payment.terms,
      },
      now,
    )
    // The money is already here, held for the payer: it leaves that account rather than the provider's.
    // Booked the old way, the seller already has it, so only Soko's fee moves.
    const held = await heldForPayer(tx, payment.id)
    const provider = `provider:${payment.method}`
    const entries = held
      ? sale.map((e) => (e.account === provider ? { ...e, account: payerAccount(payment.id) } : e))
      : feeOnly(sellerId, invoice.currency, sale)
    await postTransaction(tx, {
      kind: 'excess-kept',
      invoicePaymentId: payment.id,
      // i18n-ignore: a ledger memo, the books' own record
      memo: `Excess kept as a payment on invoice ${invoice.number ?? invoice.reference}`,
      entries,
    })
  })
}

/** Soko's fee on an excess the seller was credited with before excess was held: from the seller to Soko. */
function feeOnly(sellerId: string, currency: InvoicePaymentRow['currency'], sale: Entry[]): Entry[] {
  const fee = -(sale.find((e) => e.account === 'platform:fees')?.amount ?? 0)
  return [
    { account: 'platform:fees', amount: -fee, currency },
    { account: `seller:${sellerId}`, sellerId, amount: fee, currency },
  ]
}

/**
 * Where an excess refund stands, from the provider's answer or a result callback; once only. Done: the
 * ledger gives the money back from the payer's account (or, booked the old way, the seller's) to the
 * payer. Answers false when `refundId` names no excess refund.
 */
export async function applyExcessRefund(deps: InvoiceServices, refundId: string, state: TransferState) {
  if (!isUuid(refundId)) return false
  let mismatch: InvoicePaymentRow | null = null
  const known = await deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.excessRefundId, refundId))
      .for('update')
    if (!payment) return false
    if (payment.excessRefundStatus !== 'pending') return true
    if (!transferMatches(state, excessCharged(payment))) {
      mismatch = payment
      return true
    }
    if (state.state === 'pending') {
      await tx
        .update(invoicePayments)
        .set({ excessRefundRef: state.providerRef })
        .where(eq(invoicePayments.id, payment.id))
      return true
    }
    const now = clock.now()
    if (state.state === 'failed') {
      await tx
        .update(invoicePayments)
        .set({ excessRefundStatus: 'failed', excessRefundMessage: state.message, updatedAt: now })
        .where(eq(invoicePayments.id, payment.id))
      return true
    }
    await tx
      .update(invoicePayments)
      .set({
        excessRefundStatus: 'done',
        excessRefundedAt: now,
        ...(state.providerRef ? { excessRefundRef: state.providerRef } : {}),
        updatedAt: now,
      })
      .where(eq(invoicePayments.id, payment.id))
    const charged = excessCharged(payment)
    const owed = (await heldForPayer(tx, payment.id))
      ? { account: payerAccount(payment.id), amount: charged.amount, currency: charged.currency }
      : { account: `seller:${payment.sellerId}`, sellerId: payment.sellerId, ...charged }
    await postTransaction(tx, {
      kind: 'refund',
      invoicePaymentId: payment.id,
      // i18n-ignore: a ledger memo, the books' own record
      memo: `Excess given back (${payment.id})`,
      entries: [
        { account: `provider:${payment.method}`, amount: -charged.amount, currency: charged.currency },
        owed,
      ],
    })
    return true
  })
  if (mismatch)
    await refundMismatch(
      deps,
      `the excess of invoice payment ${(mismatch as InvoicePaymentRow).id}`,
      excessCharged(mismatch),
      state,
    )
  return known
}

/** A transfer result naming an excess refund (by its id): applied here; anything else is not ours. */
export async function excessTransfer(deps: InvoiceServices, target: TransferTarget, state: TransferState) {
  if (!('id' in target)) return false
  return applyExcessRefund(deps, target.id, state)
}

/** Excess refunds whose result is late: the provider is asked where they stand (M-Pesa answers later). */
export async function checkLateExcessRefunds(deps: InvoiceServices, now: Date, afterMs = 5 * 60_000) {
  const late: InvoicePaymentRow[] = await deps.db
    .update(invoicePayments)
    .set({ checkedAt: now })
    .where(
      and(
        eq(invoicePayments.excessRefundStatus, 'pending'),
        // M-Pesa's Transaction Status answers about a B2C refund; card and PayPal refunds answer at once.
        eq(invoicePayments.method, 'mpesa'),
        lt(invoicePayments.updatedAt, new Date(now.getTime() - afterMs)),
        sql`(${invoicePayments.checkedAt} is null or ${invoicePayments.checkedAt} < ${new Date(now.getTime() - afterMs).toISOString()}::timestamptz)`,
      ),
    )
    .returning()
  for (const payment of late) {
    const provider = deps.gateway.providers[payment.method as PaymentMethod]
    if (!provider.checkPayout || !payment.excessRefundId) continue
    try {
      const state = await provider.checkPayout({
        id: payment.excessRefundId,
        providerRef: payment.excessRefundRef,
        amount: excessCharged(payment),
      })
      if (state.state !== 'pending') await applyExcessRefund(deps, payment.excessRefundId, state)
    } catch (error) {
      deps.log.warn('could not ask about a late excess refund', { paymentId: payment.id, error })
    }
  }
}
