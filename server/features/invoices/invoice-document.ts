import { METHOD_NAMES } from '../../../contract/checkout.constants'
import type { Lang } from '../../../contract/i18n'
import { quantityText, rateText } from '../../../contract/invoice-totals'
import { clock } from '../../lib/clock'
import type { InvoiceServices } from './deps'
import { type InvoiceDocument, renderInvoicePdf } from './invoice-pdf'
import { dayText, dueNow, type InvoiceRow, payUrl, statusOf } from './invoice-rows'
import { documentWords, invoiceMoney, pdfWords } from './invoice-words'
import { invoiceLanguage } from './language'
import { paymentsOf, receiptOf, sellerOfInvoice } from './view'

/** An invoice as its PDF reads, everything already in words and formatted money. */
export async function invoiceDocument(
  deps: Pick<InvoiceServices, 'db' | 'gateway' | 'config'>,
  row: InvoiceRow,
  lang: Lang = 'en',
) {
  const money = (amount: number) => invoiceMoney(lang, amount, row.currency)
  const w = documentWords(lang)
  const now = clock.now()
  const status = statusOf(row, now)
  const seller = await sellerOfInvoice(deps.db, row.sellerId, lang)
  const payments = (await paymentsOf(deps.db, [row.id])).filter((p) => p.status === 'paid')
  const paid = Math.min(row.paid, row.total)
  const due = dueNow(row)
  const statusText =
    status === 'partially_paid' || (status === 'overdue' && paid > 0)
      ? w.statusPaidOf(w.status(status), money(paid), money(row.total))
      : w.status(status)
  const totals: InvoiceDocument['totals'] = [{ label: w.subtotal, value: money(row.subtotal) }]
  if (row.discountAmount > 0)
    totals.push({
      label: row.discount?.kind === 'percent' ? w.discountPercent(rateText(row.discount.bps)) : w.discount,
      value: `−${money(row.discountAmount)}`,
    })
  for (const tax of row.taxes)
    totals.push({
      label: tax.inclusive
        ? w.taxIncluded(tax.name, rateText(tax.rateBps))
        : `${tax.name} ${rateText(tax.rateBps)} %`,
      value: money(tax.amount),
    })
  totals.push({ label: w.total, value: money(row.total), strong: true })
  if (row.depositAmount > 0 && row.depositAmount < row.total)
    totals.push({ label: w.depositDue, value: money(row.depositAmount) })
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
    payments: payments.map((p) => {
      const method = p.method === 'cash' || p.method === 'bank' ? w[p.method] : METHOD_NAMES[p.method]
      const receipt = receiptOf(p)
      return {
        date: dayText((p.paidAt ?? p.createdAt).toISOString().slice(0, 10), lang),
        method: receipt ? w.withReceipt(method, receipt) : method,
        amount: money(p.amount),
      }
    }),
    notes: row.notes,
    terms: row.terms,
    payUrl:
      status === 'void' || status === 'paid' || !row.sentAt
        ? null
        : payUrl(deps.config.publicUrl, deps.gateway, row.id),
    reference: row.reference,
    paybill: payable && row.currency === 'KES' ? deps.gateway.paybillNumber : null,
    words: pdfWords(lang),
  }
  return document
}

/** The invoice's PDF, in its client's language when known, else its seller's (language.ts). */
export async function invoicePdf(
  deps: Pick<InvoiceServices, 'db' | 'gateway' | 'config'>,
  row: InvoiceRow,
  lang?: Lang,
) {
  return renderInvoicePdf(await invoiceDocument(deps, row, lang ?? (await invoiceLanguage(deps.db, row))))
}
