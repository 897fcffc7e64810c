import { DEFAULT_LANG, type Lang } from '../../../contract/i18n'
import { translate } from '../../lib/i18n'

/** The words an invoice's PDF is written with, in one language. */
export interface InvoiceWords {
  title: (number: string) => string
  draftTitle: string
  continued: (title: string) => string
  from: (title: string, seller: string) => string
  draftStamp: string
  issued: string
  due: string
  currency: string
  billTo: string
  description: string
  quantity: string
  unitPrice: string
  amount: string
  paymentsReceived: string
  notes: string
  terms: string
  payOnline: string
  scanOrOpen: string
  paybill: (paybill: string, account: string) => string
  page: (page: number, pages: number) => string
}

/** The PDF's words in `lang` (English as it always was). */
export function invoiceWords(lang: Lang = DEFAULT_LANG): InvoiceWords {
  const say = (message: { id: string; message: string }, params?: Record<string, string | number>) =>
    translate(lang, message, params)
  return {
    title: (number) => say(/*i18n*/ { id: 'invoice.pdf.title', message: 'Invoice {number}' }, { number }),
    draftTitle: say(/*i18n*/ { id: 'invoice.pdf.draftTitle', message: 'Draft invoice' }),
    continued: (title) =>
      say(/*i18n*/ { id: 'invoice.pdf.continued', message: '{title} (continued)' }, { title }),
    from: (title, seller) =>
      say(/*i18n*/ { id: 'invoice.pdf.from', message: '{title} from {seller}' }, { title, seller }),
    draftStamp: say(/*i18n*/ { id: 'invoice.pdf.draftStamp', message: 'DRAFT' }),
    issued: say(/*i18n*/ { id: 'invoice.pdf.issued', message: 'Issued' }),
    due: say(/*i18n*/ { id: 'invoice.pdf.due', message: 'Due' }),
    currency: say(/*i18n*/ { id: 'invoice.pdf.currency', message: 'Currency' }),
    billTo: say(/*i18n*/ { id: 'invoice.pdf.billTo', message: 'BILL TO' }),
    description: say(/*i18n*/ { id: 'invoice.pdf.description', message: 'DESCRIPTION' }),
    quantity: say(/*i18n*/ { id: 'invoice.pdf.quantity', message: 'QTY' }),
    unitPrice: say(/*i18n*/ { id: 'invoice.pdf.unitPrice', message: 'UNIT PRICE' }),
    amount: say(/*i18n*/ { id: 'invoice.pdf.amount', message: 'AMOUNT' }),
    paymentsReceived: say(/*i18n*/ { id: 'invoice.pdf.paymentsReceived', message: 'Payments received' }),
    notes: say(/*i18n*/ { id: 'invoice.pdf.notes', message: 'Notes' }),
    terms: say(/*i18n*/ { id: 'invoice.pdf.terms', message: 'Terms' }),
    payOnline: say(/*i18n*/ { id: 'invoice.pdf.payOnline', message: 'Pay online' }),
    scanOrOpen: say(
      /*i18n*/ {
        id: 'invoice.pdf.scanOrOpen',
        message: 'Scan the code with your phone camera, or open this link:',
      },
    ),
    paybill: (paybill, account) =>
      say(
        /*i18n*/ { id: 'invoice.pdf.paybill', message: 'Pay by M-Pesa Paybill {paybill}, account {account}' },
        { paybill, account },
      ),
    page: (page, pages) =>
      say(/*i18n*/ { id: 'invoice.pdf.page', message: 'Page {page} of {pages}' }, { page, pages }),
  }
}

/** The words of the document's own figures (totals, payments, status), in `lang`. */
export function invoiceFigureWords(lang: Lang = DEFAULT_LANG) {
  const say = (message: { id: string; message: string }, params?: Record<string, string | number>) =>
    translate(lang, message, params)
  return {
    subtotal: say(/*i18n*/ { id: 'invoice.pdf.subtotal', message: 'Subtotal' }),
    discount: say(/*i18n*/ { id: 'invoice.pdf.discount', message: 'Discount' }),
    discountPercent: (rate: string) =>
      say(/*i18n*/ { id: 'invoice.pdf.discountPercent', message: 'Discount ({rate} %)' }, { rate }),
    tax: (name: string, rate: string, included: boolean) =>
      included
        ? say(
            /*i18n*/ { id: 'invoice.pdf.taxIncluded', message: '{name} {rate} % (included)' },
            { name, rate },
          )
        : say(/*i18n*/ { id: 'invoice.pdf.tax', message: '{name} {rate} %' }, { name, rate }),
    total: say(/*i18n*/ { id: 'invoice.pdf.total', message: 'Total' }),
    depositDueFirst: say(/*i18n*/ { id: 'invoice.pdf.depositDueFirst', message: 'Deposit due first' }),
    paid: say(/*i18n*/ { id: 'invoice.pdf.paid', message: 'Paid' }),
    balanceDue: say(/*i18n*/ { id: 'invoice.pdf.balanceDue', message: 'Balance due' }),
    cash: say(/*i18n*/ { id: 'invoice.pdf.cash', message: 'Cash' }),
    bankTransfer: say(/*i18n*/ { id: 'invoice.pdf.bankTransfer', message: 'Bank transfer' }),
    withReceipt: (method: string, receipt: string) =>
      say(
        /*i18n*/ { id: 'invoice.pdf.withReceipt', message: '{method}, receipt {receipt}' },
        { method, receipt },
      ),
    partly: (status: string, paid: string, total: string) =>
      say(
        /*i18n*/ { id: 'invoice.pdf.partly', message: '{status}: {paid} of {total}' },
        { status, paid, total },
      ),
    depositFirst: (status: string) =>
      say(/*i18n*/ { id: 'invoice.pdf.depositFirst', message: '{status} · deposit due first' }, { status }),
    status: {
      draft: say(/*i18n*/ { id: 'invoice.status.draft', message: 'Draft' }),
      sent: say(/*i18n*/ { id: 'invoice.status.sent', message: 'Sent' }),
      viewed: say(/*i18n*/ { id: 'invoice.status.viewed', message: 'Viewed' }),
      partially_paid: say(/*i18n*/ { id: 'invoice.status.partiallyPaid', message: 'Partly paid' }),
      paid: say(/*i18n*/ { id: 'invoice.status.paid', message: 'Paid' }),
      overdue: say(/*i18n*/ { id: 'invoice.status.overdue', message: 'Overdue' }),
      void: say(/*i18n*/ { id: 'invoice.status.void', message: 'Cancelled' }),
    },
  }
}
