import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { INVOICES } from '../../../contract/errors/invoices'
import type { Lang } from '../../../contract/i18n'
import { computeTotals } from '../../../contract/invoice-totals'
import type { InvoiceStatus } from '../../../contract/invoices.constants'
import type { invoiceDraftInput } from '../../../contract/invoices.contract'
import type { Db, DbOrTx } from '../../db/client'
import { type invoicePayments, invoices } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { Gateway } from '../../payments/gateway'

export type InvoiceRow = typeof invoices.$inferSelect
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect
export type InvoiceDraft = z.output<typeof invoiceDraftInput>
export type { Db, DbOrTx }

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'

/** `IV` and eight characters people can read out: the Paybill account number of an invoice. */
export function newInvoiceReference(): string {
  return `IV${Array.from(randomBytes(8), (b) => ALPHABET[b % ALPHABET.length]).join('')}`
}

/** Whether a payment reference names an invoice rather than an order (`SK…`). */
export const isInvoiceReference = (reference: string) => /^IV[2-9A-HJ-NP-Z]{8}$/.test(reference)

/** The columns a draft sets: what the seller wrote, and the totals computed from it here. */
export function draftColumns(draft: InvoiceDraft) {
  const totals = computeTotals(draft)
  return {
    currency: draft.currency,
    clientName: draft.client.name,
    clientEmail: draft.client.email?.toLowerCase() ?? null,
    clientPhone: draft.client.phone,
    lines: draft.lines.map((line, i) => ({ ...line, total: totals.lineTotals[i] ?? 0 })),
    discount: draft.discount,
    taxes: totals.taxes,
    deposit: draft.deposit,
    subtotal: totals.subtotal,
    discountAmount: totals.discount,
    total: totals.total,
    depositAmount: totals.deposit,
    issueDate: draft.issueDate,
    dueDate: draft.dueDate,
    notes: draft.notes,
    terms: draft.terms,
    reminderDays: [...draft.reminders].sort((a, b) => a - b),
  }
}

/**
 * Where an invoice stands, from its facts: cancelled, paid in full, overdue (its due day has passed in
 * the seller's time zone), partly paid, opened by the client, sent, or a draft.
 */
export function statusOf(
  row: Pick<InvoiceRow, 'voidedAt' | 'sentAt' | 'paid' | 'total' | 'overdueAt' | 'viewedAt'>,
  now: Date,
): InvoiceStatus {
  if (row.voidedAt) return 'void'
  if (!row.sentAt) return 'draft'
  if (row.paid >= row.total) return 'paid'
  if (row.overdueAt && row.overdueAt.getTime() <= now.getTime()) return 'overdue'
  if (row.paid > 0) return 'partially_paid'
  return row.viewedAt ? 'viewed' : 'sent'
}

/** What the client is asked to pay now: what the deposit still lacks, else the balance. */
export function dueNow(row: Pick<InvoiceRow, 'total' | 'paid' | 'depositAmount'>): {
  amount: number
  deposit: boolean
} {
  const balance = Math.max(0, row.total - row.paid)
  if (row.depositAmount > 0 && row.paid < row.depositAmount && row.depositAmount < row.total)
    return { amount: row.depositAmount - row.paid, deposit: true }
  return { amount: balance, deposit: false }
}

/** The key in an invoice's pay link: a signature of its id, so nothing secret is stored. */
export const invoiceKey = (gateway: Pick<Gateway, 'sign'>, invoiceId: string) =>
  gateway.sign('invoice-link', invoiceId)

export const keyOpens = (gateway: Pick<Gateway, 'verify'>, invoiceId: string, key: string) =>
  gateway.verify('invoice-link', invoiceId, key)

export function payUrl(publicUrl: string, gateway: Pick<Gateway, 'sign'>, invoiceId: string) {
  return `${publicUrl}/p?invoice=${invoiceId}&key=${invoiceKey(gateway, invoiceId)}`
}

export function pdfUrl(publicUrl: string, gateway: Pick<Gateway, 'sign'>, row: Pick<InvoiceRow, 'id'>) {
  return `${publicUrl}/invoices/${row.id}.pdf?key=${invoiceKey(gateway, row.id)}`
}

/** 2026-12-01 → "1 Dec 2026" (in Kiswahili, as Kenya writes it). */
export const dayText = (date: string, lang: Lang = 'en') =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(lang === 'sw' ? 'sw-KE' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })

/** One of the seller's invoices (locked for update when asked); another seller's is a 404. */
export async function ownInvoice(
  db: DbOrTx,
  sellerId: string,
  invoiceId: string,
  lock = false,
): Promise<InvoiceRow> {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.sellerId, sellerId)))
  const [row] = lock ? await query.for('update') : await query
  // Another seller's invoice answers as one that does not exist: its existence is not theirs to learn.
  if (!row) throw new AppError(404, INVOICES.noSuchInvoice)
  return row
}
