import { formatMoney } from '../../../contract/format-money'
import { intlLocale, type Lang, type Message, type MessageParams } from '../../../contract/i18n'
import type { InvoiceStatus } from '../../../contract/invoices.constants'
import { translate } from '../../lib/i18n'

/** An invoice's words in its mails and PDF, in the language they are written in (see language.ts). */

/** Money as an invoice writes it: as before in English, Kenya's Kiswahili otherwise. */
export const invoiceMoney = (lang: Lang, amount: number, currency: string) =>
  formatMoney(amount, currency, lang === 'en' ? 'en' : intlLocale(lang, undefined, 'en-KE'))

const STATUS: Record<InvoiceStatus, Message> = {
  draft: /*i18n*/ { id: 'invoice.status.draft', message: 'Draft' },
  sent: /*i18n*/ { id: 'invoice.status.sent', message: 'Sent' },
  viewed: /*i18n*/ { id: 'invoice.status.viewed', message: 'Viewed' },
  partially_paid: /*i18n*/ { id: 'invoice.status.partially-paid', message: 'Partly paid' },
  paid: /*i18n*/ { id: 'invoice.status.paid', message: 'Paid' },
  overdue: /*i18n*/ { id: 'invoice.status.overdue', message: 'Overdue' },
  void: /*i18n*/ { id: 'invoice.status.void', message: 'Cancelled' },
}

/** An invoice's status in a word (the English of INVOICE_STATUS_TEXT). */
export const statusWord = (lang: Lang, status: InvoiceStatus) => translate(lang, STATUS[status])

/** The fixed words of the invoice PDF. */
export function pdfWords(lang: Lang) {
  const t = (message: Message, params?: MessageParams) => translate(lang, message, params)
  return {
    title: (number: string | null) =>
      number
        ? t(/*i18n*/ { id: 'invoice.pdf.title', message: 'Invoice {number}' }, { number })
        : t(/*i18n*/ { id: 'invoice.pdf.title.draft', message: 'Draft invoice' }),
    continued: (seller: string, title: string) =>
      t(
        /*i18n*/ { id: 'invoice.pdf.continued', message: '{seller} · {title} (continued)' },
        { seller, title },
      ),
    from: (title: string, seller: string) =>
      t(/*i18n*/ { id: 'invoice.pdf.from', message: '{title} from {seller}' }, { title, seller }),
    issued: t(/*i18n*/ { id: 'invoice.pdf.issued', message: 'Issued' }),
    due: t(/*i18n*/ { id: 'invoice.pdf.due', message: 'Due' }),
    currency: t(/*i18n*/ { id: 'invoice.pdf.currency', message: 'Currency' }),
    billTo: t(/*i18n*/ { id: 'invoice.pdf.bill-to', message: 'BILL TO' }),
    description: t(/*i18n*/ { id: 'invoice.pdf.column.description', message: 'DESCRIPTION' }),
    quantity: t(/*i18n*/ { id: 'invoice.pdf.column.quantity', message: 'QTY' }),
    unitPrice: t(/*i18n*/ { id: 'invoice.pdf.column.unit-price', message: 'UNIT PRICE' }),
    amount: t(/*i18n*/ { id: 'invoice.pdf.column.amount', message: 'AMOUNT' }),
    paymentsReceived: t(/*i18n*/ { id: 'invoice.pdf.payments', message: 'Payments received' }),
    notes: t(/*i18n*/ { id: 'invoice.pdf.notes', message: 'Notes' }),
    terms: t(/*i18n*/ { id: 'invoice.pdf.terms', message: 'Terms' }),
    payOnline: t(/*i18n*/ { id: 'invoice.pdf.pay-online', message: 'Pay online' }),
    scan: t(
      /*i18n*/ {
        id: 'invoice.pdf.scan',
        message: 'Scan the code with your phone camera, or open this link:',
      },
    ),
    paybill: (paybill: string, reference: string) =>
      t(
        /*i18n*/ {
          id: 'invoice.pdf.paybill',
          message: 'Pay by M-Pesa Paybill {paybill}, account {reference}',
        },
        { paybill, reference },
      ),
    page: (page: number, pages: number) =>
      t(
        /*i18n*/ { id: 'invoice.pdf.page', message: 'Page {page} of {pages}' },
        {
          page: String(page),
          pages: String(pages),
        },
      ),
    /** Across a draft's pages. */
    draftStamp: t(/*i18n*/ { id: 'invoice.pdf.stamp.draft', message: 'DRAFT' }),
    /** Across a cancelled invoice's pages when its status cannot be written in the font. */
    voidStamp: t(/*i18n*/ { id: 'invoice.pdf.stamp.void', message: 'VOID' }),
  }
}

export type PdfWords = ReturnType<typeof pdfWords>

/** The totals, status and payment words of the invoice PDF. */
export function documentWords(lang: Lang) {
  const t = (message: Message, params?: MessageParams) => translate(lang, message, params)
  return {
    status: (status: InvoiceStatus) => statusWord(lang, status),
    statusPaidOf: (status: string, paid: string, total: string) =>
      t(
        /*i18n*/ { id: 'invoice.pdf.status.paid-of', message: '{status}: {paid} of {total}' },
        {
          status,
          paid,
          total,
        },
      ),
    depositFirst: (status: string) =>
      t(
        /*i18n*/ { id: 'invoice.pdf.status.deposit-first', message: '{status} · deposit due first' },
        { status },
      ),
    subtotal: t(/*i18n*/ { id: 'invoice.pdf.subtotal', message: 'Subtotal' }),
    discount: t(/*i18n*/ { id: 'invoice.pdf.discount', message: 'Discount' }),
    discountPercent: (rate: string) =>
      t(/*i18n*/ { id: 'invoice.pdf.discount.percent', message: 'Discount ({rate} %)' }, { rate }),
    taxIncluded: (name: string, rate: string) =>
      t(/*i18n*/ { id: 'invoice.pdf.tax.included', message: '{name} {rate} % (included)' }, { name, rate }),
    total: t(/*i18n*/ { id: 'invoice.pdf.total', message: 'Total' }),
    depositDue: t(/*i18n*/ { id: 'invoice.pdf.deposit', message: 'Deposit due first' }),
    paid: t(/*i18n*/ { id: 'invoice.pdf.paid', message: 'Paid' }),
    balanceDue: t(/*i18n*/ { id: 'invoice.pdf.balance', message: 'Balance due' }),
    cash: t(/*i18n*/ { id: 'invoice.pdf.method.cash', message: 'Cash' }),
    bank: t(/*i18n*/ { id: 'invoice.pdf.method.bank', message: 'Bank transfer' }),
    withReceipt: (method: string, receipt: string) =>
      t(
        /*i18n*/ { id: 'invoice.pdf.method.receipt', message: '{method}, receipt {receipt}' },
        { method, receipt },
      ),
  }
}

/** How money paid by `method` comes back to whoever paid it. */
export function wayBackIn(lang: Lang, method: string): string {
  return method === 'mpesa'
    ? translate(
        lang,
        /*i18n*/ { id: 'mail.invoice.back.mpesa', message: 'by M-Pesa, to the number that paid' },
      )
    : method === 'card'
      ? translate(
          lang,
          /*i18n*/ {
            id: 'mail.invoice.back.card',
            message: 'to the card that paid (banks take a few days to show it)',
          },
        )
      : translate(
          lang,
          /*i18n*/ { id: 'mail.invoice.back.paypal', message: 'to the PayPal account that paid' },
        )
}
