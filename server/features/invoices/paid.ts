import { and, eq, isNull } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { invoicePayments, invoiceReminders, invoices } from '../../db/schema'
import { postTransaction } from '../../ledger/ledger'
import { saleEntries } from '../../ledger/postings'
import { clock } from '../../lib/clock'
import { emitEvent, invoiceObject } from '../webhooks'
import type { InvoiceServices } from './deps'
import { payerAccount, refundExcess } from './excess'
import { type InvoicePaymentRow, type InvoiceRow, statusOf } from './invoice-rows'
import { invoiceMails } from './mails'

export interface PaidInput {
  paymentId: string
  /** In the invoice's currency: what the payment counts for. */
  amount: number
  receipt: string | null
  details: Record<string, unknown>
  paidAt?: Date
}

/**
 * A payment has succeeded: it counts towards its invoice once. Under the invoice's row lock the payment
 * turns paid and the invoice's `paid` grows by what was still due. Anything beyond (the invoice was paid
 * meanwhile, a Paybill payment for more), and all of it when the invoice was cancelled, is the payment's
 * excess: never a sale, held for the payer (`payer:{payment}`) until the seller gives it back or keeps it
 * as a payment, and given back at once when the invoice was cancelled. For money that came through a
 * provider the ledger records the sale of what counted and Soko's fee like an order's, the seller's part
 * available after the hold. Money the seller recorded (cash, a bank transfer) never passed through Soko and
 * is not in the ledger.
 *
 * `claim`, run first in the same transaction, records the provider's event (or checks and inserts a
 * recorded payment under the invoice's lock): false means it was already seen and nothing changes.
 */
export async function applyPaid(
  deps: InvoiceServices,
  input: PaidInput,
  claim?: (tx: Tx) => Promise<boolean>,
): Promise<{ changed: boolean; invoice: InvoiceRow | null; payment: InvoicePaymentRow | null }> {
  const result = await deps.db.transaction(async (tx) => {
    if (claim && !(await claim(tx))) return { changed: false, invoice: null, payment: null }
    const [payment] = await tx.select().from(invoicePayments).where(eq(invoicePayments.id, input.paymentId))
    if (!payment) return { changed: false, invoice: null, payment: null }
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, payment.invoiceId)).for('update')
    if (!invoice) throw new Error(`invoice payment ${payment.id} has no invoice`)
    if (payment.status === 'paid') return { changed: false, invoice, payment }
    const paidAt = input.paidAt ?? clock.now()
    const split = splitPayment(invoice, payment, input.amount)
    const [paidPayment] = await tx
      .update(invoicePayments)
      .set({
        status: 'paid',
        amount: input.amount,
        excess: split.excess,
        excessCharge: split.excessCharge,
        paidAt,
        failure: null,
        payment: { ...(payment.payment ?? {}), ...input.details, receipt: input.receipt },
        updatedAt: paidAt,
      })
      .where(eq(invoicePayments.id, payment.id))
      .returning()
    const paid = invoice.paid + split.applied
    const fullyPaid = paid >= invoice.total
    const next = { ...invoice, paid, paidAt: fullyPaid ? (invoice.paidAt ?? paidAt) : invoice.paidAt }
    const [updated] = await tx
      .update(invoices)
      .set({ paid, paidAt: next.paidAt, status: statusOf(next, clock.now()), updatedAt: paidAt })
      .where(eq(invoices.id, invoice.id))
      .returning()
    if (!updated || !paidPayment) throw new Error('invoice vanished under its lock')
    if (payment.method === 'mpesa' || payment.method === 'card' || payment.method === 'paypal')
      await postTransaction(tx, {
        kind: 'sale',
        invoicePaymentId: payment.id,
        // i18n-ignore: a ledger memo, the books' own record (the seller's lists write their own titles)
        memo: `Invoice ${invoice.number ?? invoice.reference}`,
        entries: invoiceSaleEntries(updated, paidPayment, split, paidAt),
      })
    if (fullyPaid)
      // Nothing more to remind the client of.
      await tx
        .update(invoiceReminders)
        .set({ skippedAt: paidAt })
        .where(and(eq(invoiceReminders.invoiceId, invoice.id), isNull(invoiceReminders.sentAt)))
    // Paid in full by this payment (money for a cancelled invoice pays nothing: it goes back).
    if (fullyPaid && !invoice.paidAt && !invoice.voidedAt)
      await emitEvent(tx, {
        sellerId: updated.sellerId,
        type: 'invoice.paid',
        objectId: updated.id,
        object: invoiceObject(updated),
      })
    return { changed: true, invoice: updated, payment: paidPayment }
  })
  const { invoice, payment } = result
  if (result.changed && invoice && payment) {
    const mails = invoiceMails(deps)
    const told = invoice.voidedAt ? mails.returned(invoice, payment) : mails.paid(invoice, payment)
    await told.catch((error) =>
      deps.log.error('invoice payment mails failed', { paymentId: input.paymentId, error }),
    )
    // Money for a cancelled invoice is never the seller's: it goes back by the way it came, now.
    if (invoice.voidedAt && payment.excess > 0)
      await refundExcess(deps, invoice.sellerId, invoice.id, payment.id).catch((error) =>
        deps.log.error('a payment on a cancelled invoice could not be given back yet', {
          paymentId: payment.id,
          error,
        }),
      )
  }
  return result
}

/** How a payment divides: what counts towards the invoice, and the excess, in both currencies. */
export interface PaymentSplit {
  /** In the invoice's currency. */
  applied: number
  excess: number
  /** The same in the charge's currency (M-Pesa's rounding to whole shillings stays with what counts). */
  appliedCharge: number
  excessCharge: number
}

export function splitPayment(
  invoice: Pick<InvoiceRow, 'total' | 'paid' | 'voidedAt'>,
  payment: Pick<InvoicePaymentRow, 'chargeAmount'>,
  amount: number,
): PaymentSplit {
  // Nothing counts on a cancelled invoice; elsewhere what was still due, and no more.
  const applied = invoice.voidedAt ? 0 : Math.max(0, Math.min(amount, invoice.total - invoice.paid))
  const excess = amount - applied
  const appliedCharge =
    excess === 0 ? payment.chargeAmount : Math.round((payment.chargeAmount * applied) / amount)
  return { applied, excess, appliedCharge, excessCharge: payment.chargeAmount - appliedCharge }
}

/**
 * The ledger's entries for an invoice payment: a sale of what counted (in the method's currency when
 * converted), and the excess held for the payer, in the currency it was charged in.
 */
function invoiceSaleEntries(
  invoice: InvoiceRow,
  payment: InvoicePaymentRow,
  split: PaymentSplit,
  paidAt: Date,
) {
  const entries =
    split.applied > 0
      ? saleEntries(
          {
            method: payment.method,
            sellerId: invoice.sellerId,
            total: split.applied,
            currency: invoice.currency,
            chargeAmount: split.appliedCharge,
            chargeCurrency: payment.chargeCurrency,
            terms: payment.terms,
          },
          paidAt,
        )
      : []
  if (split.excessCharge > 0)
    entries.push(
      { account: `provider:${payment.method}`, amount: split.excessCharge, currency: payment.chargeCurrency },
      { account: payerAccount(payment.id), amount: -split.excessCharge, currency: payment.chargeCurrency },
    )
  return entries.filter((e) => e.amount !== 0)
}
