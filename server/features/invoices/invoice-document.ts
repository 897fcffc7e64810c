import { eq } from 'drizzle-orm'
import { METHOD_NAMES } from '../../../contract/checkout.constants'
import { formatMoney } from '../../../contract/format-money'
import { DEFAULT_LANG, isLang, type Lang } from '../../../contract/i18n'
import { quantityText, rateText } from '../../../contract/invoice-totals'
import { saidOf } from '../../../contract/say'
import { users } from '../../db/schema'
import { clock } from '../../lib/clock'
import { translate } from '../../lib/i18n'
import type { InvoiceServices } from './deps'
import { type InvoiceDocument, renderInvoicePdf } from './invoice-pdf'
import { type DbOrTx, dayText, dueNow, type InvoiceRow, payUrl, statusOf } from './invoice-rows'
import { invoiceFigureWords, invoiceWords } from './invoice-words'
import { paymentsOf, receiptOf, sellerOfInvoice } from './view'

/** An invoice as its PDF reads, everything already in words and formatted money. */
export async function invoiceDocument(
  deps: Pick<InvoiceServices, 'db' | 'gateway' | 'config'>,
  row: InvoiceRow,
  lang: Lang = DEFAULT_LANG,
) {
  const money = (amount: number) => formatMoney(amount, row.currency, lang === 'sw' ? 'sw-KE' : 'en')
  const w = invoiceFigureWords(lang)
  const methodName = (method: string) => {
    if (method === 'cash') return w.cash
    if (method === 'bank') return w.bankTransfer
    const english = (METHOD_NAMES as Record<string, string>)[method] ?? method
    const said = saidOf(english)
    return said ? translate(lang, said) : english
  }
  const now = clock.now()
  const status = statusOf(row, now)
  const seller = await sellerOfInvoice(deps.db, row.sellerId)
  const payments = (await paymentsOf(deps.db, [row.id])).filter((p) => p.status === 'paid')
  const paid = Math.min(row.paid, row.total)
  const due = dueNow(row)
  const statusText =
    status === 'partially_paid' || (status === 'overdue' && paid > 0)
      ? w.partly(w.status[status], money(paid), money(row.total))
      : w.status[status]
  const totals: InvoiceDocument['totals'] = [{ label: w.subtotal, value: money(row.subtotal) }]
  if (row.discountAmount > 0)
    totals.push({
      label: row.discount?.kind === 'percent' ? w.discountPercent(rateText(row.discount.bps)) : w.discount,
      value: `−${money(row.discountAmount)}`,
    })
  for (const tax of row.taxes)
    totals.push({
      label: w.tax(tax.name, rateText(tax.rateBps), tax.inclusive),
      value: money(tax.amount),
    })
  totals.push({ label: w.total, value: money(row.total), strong: true })
  if (row.depositAmount > 0 && row.depositAmount < row.total)
    totals.push({ label: w.depositDueFirst, value: money(row.depositAmount) })
  if (paid > 0) totals.push({ label: w.paid, value: money(paid) })
  if (status !== 'void') totals.push({ label: w.balanceDue, value: money(row.total - paid), strong: true })
  // A paid, cancelled or draft invoice has nothing to pay: no pay box.
  const payable = status !== 'void' && status !== 'paid' && status !== 'draft'
  const document: InvoiceDocument = {
    number: row.number,
    status,
    statusText:
      status !== 'paid' && status !== 'void' && due.deposit ? w.depositFirst(statusText) : statusText,
    issueDate: dayText(row.issueDate, lang),
    dueDate: dayText(row.dueDate, lang),
    seller: { name: seller.name, email: seller.email, phone: null, handle: seller.handle },
    client: {
      name: row.clientName,
      email: row.clientEmail,
      phone: row.clientPhone ? `+${row.clientPhone}` : null,
    },
    currency: row.currency,
    lines: row.lines.map((line) => ({
      description: line.description,
      quantity: quantityText(line.quantityMilli),
      unitPrice: money(line.unitPrice),
      total: money(line.total),
    })),
    totals,
    payments: payments.map((p) => ({
      date: dayText((p.paidAt ?? p.createdAt).toISOString().slice(0, 10), lang),
      method: receiptOf(p) ? w.withReceipt(methodName(p.method), receiptOf(p) ?? '') : methodName(p.method),
      amount: money(p.amount),
    })),
    notes: row.notes,
    terms: row.terms,
    payUrl:
      status === 'void' || status === 'paid' || !row.sentAt
        ? null
        : payUrl(deps.config.publicUrl, deps.gateway, row.id),
    reference: row.reference,
    paybill: payable && row.currency === 'KES' ? deps.gateway.paybillNumber : null,
    words: invoiceWords(lang),
  }
  return document
}

/** The invoice's PDF, in the client's language when known, else the seller's. */
export async function invoicePdf(deps: Pick<InvoiceServices, 'db' | 'gateway' | 'config'>, row: InvoiceRow) {
  return renderInvoicePdf(await invoiceDocument(deps, row, await invoiceLang(deps.db, row)))
}

/**
 * The language an invoice is written in: Kiswahili when the client paid in it or the seller works in it
 * (their account's language), else English. A client's language is known only once they have paid.
 */
export async function invoiceLang(db: DbOrTx, row: InvoiceRow): Promise<Lang> {
  if (row.clientLanguage !== DEFAULT_LANG) return row.clientLanguage
  const [seller] = await db.select({ settings: users.settings }).from(users).where(eq(users.id, row.sellerId))
  const language = (seller?.settings as { language?: unknown } | null)?.language
  return isLang(language) ? language : DEFAULT_LANG
}
