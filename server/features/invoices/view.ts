import { asc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import { DEFAULT_LANG, type Lang } from '../../../contract/i18n'
import type { InvoiceView, invoicePayment, PayInvoiceView } from '../../../contract/invoices.contract'
import { displayPhone } from '../../../contract/phone-number'
import { invoicePayments, invoiceReminders, sellers, users } from '../../db/schema'
import { clock } from '../../lib/clock'
import { translate } from '../../lib/i18n'
import type { Gateway } from '../../payments/gateway'
import { avatarUrls } from '../accounts'
import { loadRates } from '../catalog'
import { chargesFor } from '../checkout'
import {
  type DbOrTx,
  dueNow,
  type InvoicePaymentRow,
  type InvoiceRow,
  payUrl,
  pdfUrl,
  statusOf,
} from './invoice-rows'

/** What an invoice's pages and documents read: the stored row, with its totals, payments and links. */

const iso = (d: Date | null) => d?.toISOString() ?? null

/** Ids a provider keeps for itself (Stripe's payment intents, charges, sessions): no payer knows them. */
const INTERNAL_ID = /^(pi|ch|cs|py|pm)_/

/**
 * What the payer recognises a payment by: M-Pesa's receipt code, the card's brand and last four, PayPal's
 * transaction id. A provider's internal id (a card payment recorded before Soko kept the card) is none.
 */
export function receiptOf(row: Pick<InvoicePaymentRow, 'payment'>): string | null {
  const receipt = row.payment?.receipt
  return typeof receipt === 'string' && receipt && !INTERNAL_ID.test(receipt) ? receipt : null
}

/** Why a refund of money paid beyond an invoice could not be sent, when it was Soko that could not send it. */
export const EXCESS_REFUND_UNSENT = /*i18n*/ {
  id: 'invoices.excess.refund-unsent',
  message: 'The refund could not be sent: try again later',
}

/** A stored refund failure in the reader's language: Soko's own words by their English, a provider's as they are. */
const refundMessageIn = (lang: Lang, message: string | null) =>
  message === EXCESS_REFUND_UNSENT.message ? translate(lang, EXCESS_REFUND_UNSENT) : message

export function paymentView(
  row: InvoicePaymentRow,
  lang: Lang = DEFAULT_LANG,
): z.infer<typeof invoicePayment> {
  const charged =
    row.chargeCurrency !== row.currency || row.chargeAmount !== row.amount
      ? { amount: row.chargeAmount, currency: row.chargeCurrency }
      : null
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    amount: row.amount,
    charged,
    excess: row.excess,
    excessRefund: row.excessRefundStatus
      ? { status: row.excessRefundStatus, message: refundMessageIn(lang, row.excessRefundMessage) }
      : null,
    receipt: receiptOf(row),
    failure: row.status === 'paid' ? null : (row.failure ?? null),
    note: row.note,
    paidAt: iso(row.paidAt),
    createdAt: row.createdAt.toISOString(),
  }
}

export function totalsView(row: InvoiceRow) {
  return {
    subtotal: row.subtotal,
    discount: row.discountAmount,
    taxes: row.taxes,
    total: row.total,
    deposit: row.depositAmount,
    paid: Math.min(row.paid, row.total),
    balance: Math.max(0, row.total - row.paid),
    dueNow: row.voidedAt || !row.sentAt ? 0 : dueNow(row).amount,
  }
}

export async function paymentsOf(db: DbOrTx, invoiceIds: string[]): Promise<InvoicePaymentRow[]> {
  if (invoiceIds.length === 0) return []
  return db
    .select()
    .from(invoicePayments)
    .where(inArray(invoicePayments.invoiceId, invoiceIds))
    .orderBy(asc(invoicePayments.createdAt))
}

export interface ViewContext {
  db: DbOrTx
  gateway: Gateway
  publicUrl: string
  /** The reader's language (the request's): Soko's own stored words are shown in it. */
  lang?: Lang
}

/** An invoice as its seller sees it. */
export async function invoiceView(
  ctx: ViewContext,
  row: InvoiceRow,
  now = clock.now(),
): Promise<InvoiceView> {
  const payments = await paymentsOf(ctx.db, [row.id])
  const reminders = await ctx.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, row.id))
  const scheduled = new Map(reminders.map((r) => [r.days, r]))
  const status = statusOf(row, now)
  // Paid or cancelled: nothing more goes out, so no reminder is listed as going to.
  const settled = status === 'paid' || status === 'void'
  return {
    id: row.id,
    number: row.number,
    reference: row.reference,
    status,
    revision: row.revision,
    currency: row.currency,
    client: { name: row.clientName, email: row.clientEmail, phone: row.clientPhone },
    lines: row.lines,
    discountInput: row.discount,
    taxInput: row.taxes.map(({ name, rateBps, inclusive }) => ({ name, rateBps, inclusive })),
    depositInput: row.deposit,
    totals: totalsView(row),
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    notes: row.notes,
    terms: row.terms,
    reminders: row.reminderDays.map((days) => {
      const r = scheduled.get(days)
      const sentAt = iso(r?.sentAt ?? null)
      return { days, sendAt: settled && !sentAt ? null : iso(r?.sendAt ?? null), sentAt }
    }),
    payments: payments
      .filter((p) => p.status === 'paid' || p.status === 'pending')
      .map((p) => paymentView(p, ctx.lang)),
    payUrl: row.sentAt ? payUrl(ctx.publicUrl, ctx.gateway, row.id) : null,
    pdfUrl: pdfUrl(ctx.publicUrl, ctx.gateway, row),
    sentAt: iso(row.sentAt),
    viewedAt: iso(row.viewedAt),
    paidAt: iso(row.paidAt),
    voidedAt: iso(row.voidedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Who the invoice is from, as the client reads it. */
/** Who bills: their storefront's name, else their own; Soko's words in `lang` when they have neither. */
export async function sellerOfInvoice(db: DbOrTx, sellerId: string, lang: Lang = DEFAULT_LANG) {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      avatarKey: users.avatarKey,
      storeName: sellers.displayName,
      handle: sellers.handle,
    })
    .from(users)
    .leftJoin(sellers, eq(sellers.userId, users.id))
    .where(eq(users.id, sellerId))
  return {
    name:
      row?.storeName ||
      row?.name ||
      translate(lang, /*i18n*/ { id: 'invoices.seller.unnamed', message: 'A Soko seller' }),
    handle: row?.handle ?? null,
    email: row?.email ?? null,
    avatar: row?.avatarKey ? avatarUrls(row.avatarKey) : null,
  }
}

/** An invoice at its pay page: what the client reads, and what paying what is due costs by each method. */
export async function payInvoiceView(
  ctx: ViewContext,
  row: InvoiceRow,
  now = clock.now(),
): Promise<PayInvoiceView> {
  const payments = await paymentsOf(ctx.db, [row.id])
  const totals = totalsView(row)
  const status = statusOf(row, now)
  const payable = status !== 'void' && status !== 'paid' && totals.dueNow > 0
  const pending = payments.filter((p) => p.status === 'pending' && p.providerRef).at(-1)
  const last = payments.filter((p) => p.method !== 'cash' && p.method !== 'bank').at(-1)
  const failed = last && ['failed', 'expired', 'cancelled'].includes(last.status) ? last : undefined
  const strip = (p: InvoicePaymentRow) => {
    const { note: _note, ...view } = paymentView(p, ctx.lang)
    return view
  }
  return {
    id: row.id,
    number: row.number,
    reference: row.reference,
    status,
    currency: row.currency,
    seller: await sellerOfInvoice(ctx.db, row.sellerId, ctx.lang),
    // The phone as the page shows it (+254 712 345 678): formatted here, so the pay page, which must stay
    // light on a cheap phone, does not load the numbering plans of every country to write one number.
    client: {
      name: row.clientName,
      email: row.clientEmail,
      phone: row.clientPhone ? displayPhone(row.clientPhone) : null,
    },
    lines: row.lines,
    totals,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    notes: row.notes,
    terms: row.terms,
    payments: payments.filter((p) => p.status === 'paid').map(strip),
    charges: payable
      ? chargesFor({ amount: totals.dueNow, currency: row.currency }, await loadRates(ctx.db))
      : [],
    dueNowIsDeposit: payable && dueNow(row).deposit,
    paybill:
      payable && row.currency === 'KES'
        ? { number: ctx.gateway.paybillNumber, account: row.reference }
        : null,
    paidAt: status === 'paid' ? iso(row.paidAt) : null,
    failed: failed ? strip(failed) : null,
    pending: pending ? strip(pending) : null,
    sandboxPhone: ctx.gateway.mpesaSandboxPhone,
    pdfUrl: pdfUrl(ctx.publicUrl, ctx.gateway, row),
  }
}
