import { METHOD_NAMES } from '../../../contract/checkout.constants'
import { formatMoney } from '../../../contract/format-money'
import { quantityText, rateText } from '../../../contract/invoice-totals'
import { INVOICE_STATUS_TEXT } from '../../../contract/invoices.constants'
import { clock } from '../../lib/clock'
import type { InvoiceServices } from './deps'
import { type InvoiceDocument, renderInvoicePdf } from './invoice-pdf'
import { dayText, dueNow, type InvoiceRow, payUrl, statusOf } from './invoice-rows'
import { paymentsOf, receiptOf, sellerOfInvoice } from './view'

const RECORDED = { cash: 'Cash', bank: 'Bank transfer' } as const

/** An invoice as its PDF reads, everything already in words and formatted money. */
export async function invoiceDocument(
  deps: Pick<InvoiceServices, 'db' | 'gateway' | 'config'>,
  row: InvoiceRow,
) {
  const money = (amount: number) => formatMoney(amount, row.currency, 'en')
  const now = clock.now()
  const status = statusOf(row, now)
  const seller = await sellerOfInvoice(deps.db, row.sellerId)
  const payments = (await paymentsOf(deps.db, [row.id])).filter((p) => p.status === 'paid')
  const paid = Math.min(row.paid, row.total)
  const due = dueNow(row)
  const statusText =
    status === 'partially_paid' || (status === 'overdue' && paid > 0)
      ? `${INVOICE_STATUS_TEXT[status]}: ${money(paid)} of ${money(row.total)}`
      : INVOICE_STATUS_TEXT[status]
  const totals: InvoiceDocument['totals'] = [{ label: 'Subtotal', value: money(row.subtotal) }]
  if (row.discountAmount > 0)
    totals.push({
      label: row.discount?.kind === 'percent' ? `Discount (${rateText(row.discount.bps)} %)` : 'Discount',
      value: `−${money(row.discountAmount)}`,
    })
  for (const tax of row.taxes)
    totals.push({
      label: `${tax.name} ${rateText(tax.rateBps)} %${tax.inclusive ? ' (included)' : ''}`,
      value: money(tax.amount),
    })
  totals.push({ label: 'Total', value: money(row.total), strong: true })
  if (row.depositAmount > 0 && row.depositAmount < row.total)
    totals.push({ label: 'Deposit due first', value: money(row.depositAmount) })
  if (paid > 0) totals.push({ label: 'Paid', value: money(paid) })
  if (status !== 'void') totals.push({ label: 'Balance due', value: money(row.total - paid), strong: true })
  // A paid, cancelled or draft invoice has nothing to pay: no pay box.
  const payable = status !== 'void' && status !== 'paid' && status !== 'draft'
  const document: InvoiceDocument = {
    number: row.number,
    status,
    statusText:
      status !== 'paid' && status !== 'void' && due.deposit
        ? `${statusText} · deposit due first`
        : statusText,
    issueDate: dayText(row.issueDate),
    dueDate: dayText(row.dueDate),
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
      date: dayText((p.paidAt ?? p.createdAt).toISOString().slice(0, 10)),
      method: `${p.method === 'cash' || p.method === 'bank' ? RECORDED[p.method] : METHOD_NAMES[p.method]}${receiptOf(p) ? `, receipt ${receiptOf(p)}` : ''}`,
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
  }
  return document
}

export async function invoicePdf(deps: Pick<InvoiceServices, 'db' | 'gateway' | 'config'>, row: InvoiceRow) {
  return renderInvoicePdf(await invoiceDocument(deps, row))
}
