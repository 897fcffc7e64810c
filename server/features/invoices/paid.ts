import { and, eq, isNull } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { invoicePayments, invoiceReminders, invoices } from '../../db/schema'
import { postTransaction } from '../../ledger/ledger'
import { saleEntries } from '../../ledger/postings'
import type { CheckoutDeps } from '../checkout/deps'
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
 * turns paid, the invoice's `paid` grows by what was still due (anything beyond is the payment's excess,
 * shown to the seller), and — for money that came through a provider — the ledger records the sale and
 * Soko's fee like an order's, the seller's part available after the hold. Money the seller recorded
 * (cash, a bank transfer) never passed through Soko and is not in the ledger.
 *
 * `claim`, run first in the same transaction, records the provider's event: false means it was already
 * seen and nothing changes.
 */
export async function applyPaid(
  deps: CheckoutDeps,
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
    const paidAt = input.paidAt ?? new Date()
    // A charge converted to another currency was for exactly what was due when it began: it all counts
    // (were the invoice paid meanwhile, the rare overlap shows as paid, not as an excess in two currencies).
    const converted = payment.chargeCurrency !== invoice.currency
    const applied = converted
      ? input.amount
      : Math.max(0, Math.min(input.amount, invoice.total - invoice.paid))
    const excess = input.amount - applied
    const [paidPayment] = await tx
      .update(invoicePayments)
      .set({
        status: 'paid',
        amount: input.amount,
        excess,
        paidAt,
        failure: null,
        payment: { ...(payment.payment ?? {}), ...input.details, receipt: input.receipt },
        updatedAt: paidAt,
      })
      .where(eq(invoicePayments.id, payment.id))
      .returning()
    const paid = invoice.paid + applied
    const fullyPaid = paid >= invoice.total
    const next = { ...invoice, paid, paidAt: fullyPaid ? (invoice.paidAt ?? paidAt) : invoice.paidAt }
    const [updated] = await tx
      .update(invoices)
      .set({ paid, paidAt: next.paidAt, status: statusOf(next, new Date()), updatedAt: paidAt })
      .where(eq(invoices.id, invoice.id))
      .returning()
    if (!updated || !paidPayment) throw new Error('invoice vanished under its lock')
    if (payment.method === 'mpesa' || payment.method === 'card' || payment.method === 'paypal')
      await postTransaction(tx, {
        kind: 'sale',
        invoicePaymentId: payment.id,
        memo: `Invoice ${invoice.number ?? invoice.reference}`,
        entries: invoiceSaleEntries(updated, paidPayment, applied, excess, paidAt),
      })
    if (fullyPaid)
      // Nothing more to remind the client of.
      await tx
        .update(invoiceReminders)
        .set({ skippedAt: paidAt })
        .where(and(eq(invoiceReminders.invoiceId, invoice.id), isNull(invoiceReminders.sentAt)))
    return { changed: true, invoice: updated, payment: paidPayment }
  })
  if (result.changed && result.invoice && result.payment)
    await invoiceMails(deps)
      .paid(result.invoice, result.payment)
      .catch((error) => deps.log.error('invoice payment mails failed', { paymentId: input.paymentId, error }))
  return result
}

/**
 * The ledger's entries for an invoice payment: a sale of what it paid on the invoice (in the method's
 * currency when converted), and any excess owed to the seller as it is, without a fee, since the seller
 * may give it back.
 */
function invoiceSaleEntries(
  invoice: InvoiceRow,
  payment: InvoicePaymentRow,
  applied: number,
  excess: number,
  paidAt: Date,
) {
  const { holdDays } = payment.terms
  // A converted charge always pays exactly what was due when it began; only same-currency payments (a
  // Paybill payment in shillings for a shilling invoice) can carry an excess.
  const charged = excess > 0 ? applied : payment.chargeAmount
  const entries = saleEntries(
    {
      method: payment.method,
      sellerId: invoice.sellerId,
      total: applied,
      currency: invoice.currency,
      chargeAmount: charged,
      chargeCurrency: payment.chargeCurrency,
      terms: payment.terms,
    },
    paidAt,
  )
  if (excess > 0)
    entries.push(
      { account: `provider:${payment.method}`, amount: excess, currency: invoice.currency },
      {
        account: `seller:${invoice.sellerId}`,
        sellerId: invoice.sellerId,
        amount: -excess,
        currency: invoice.currency,
        availableAt: new Date(paidAt.getTime() + holdDays * 86_400_000),
      },
    )
  return entries.filter((e) => e.amount !== 0)
}
