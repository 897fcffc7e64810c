import type { Lang, Message, MessageParams } from '../../../contract/i18n'
import type { InvoiceStatus } from '../../../contract/invoices.constants'
import { translate } from '../../lib/i18n'
import type { InvoicePaymentRow, InvoiceRow } from './invoice-rows'
import { dayText } from './invoice-rows'
import { invoiceMoney, statusWord, wayBackIn } from './invoice-words'
import { receiptOf } from './view'

/** The words of an invoice's mails (mails.ts sends them): the invoice to its client, the notes to its seller. */

const say = (lang: Lang) => (message: Message, params?: MessageParams) => translate(lang, message, params)

/** "Open the invoice": the button of every mail to the seller about one. */
/** A mail's greeting to an invoice's client. */
export const HELLO = /*i18n*/ { id: 'mail.invoice.hello', message: 'Hello {name},' }

export const openInvoice = (lang: Lang) =>
  translate(lang, /*i18n*/ { id: 'mail.invoice.seller.action', message: 'Open the invoice' })

/** The invoice (or its reminder) to its client: subject, lines and the pay button's label. */
export function sentMail(
  lang: Lang,
  row: Pick<InvoiceRow, 'currency' | 'total' | 'dueDate' | 'revision' | 'clientName'>,
  p: { seller: string; number: string; due: { amount: number; deposit: boolean }; reminder?: number },
) {
  const t = say(lang)
  const params = {
    seller: p.seller,
    number: p.number,
    name: row.clientName,
    revision: String(row.revision),
    amount: invoiceMoney(lang, p.due.amount, row.currency),
    total: invoiceMoney(lang, row.total, row.currency),
    day: dayText(row.dueDate, lang),
  }
  const what = p.due.deposit
    ? t(
        /*i18n*/ {
          id: 'mail.invoice.sent.deposit',
          message: 'A deposit of {amount} is due first; the total is {total}.',
        },
        params,
      )
    : t(/*i18n*/ { id: 'mail.invoice.sent.due', message: '{amount} is due by {day}.' }, params)
  const subject =
    p.reminder !== undefined
      ? t(
          /*i18n*/ {
            id: 'mail.invoice.reminder.subject',
            message: 'Reminder: invoice {number} from {seller}',
          },
          params,
        )
      : row.revision > 0
        ? t(
            /*i18n*/ {
              id: 'mail.invoice.sent.subject.updated',
              message: 'Invoice {number} from {seller} (updated)',
            },
            params,
          )
        : t(/*i18n*/ { id: 'mail.invoice.sent.subject', message: 'Invoice {number} from {seller}' }, params)
  const reminderLine =
    p.reminder === undefined
      ? []
      : [
          p.reminder < 0
            ? t(
                /*i18n*/ {
                  id: 'mail.invoice.reminder.due-on',
                  message: 'A reminder: this invoice is due on {day}.',
                },
                params,
              )
            : p.reminder === 0
              ? t(
                  /*i18n*/ {
                    id: 'mail.invoice.reminder.due-today',
                    message: 'A reminder: this invoice is due today.',
                  },
                )
              : t(
                  /*i18n*/ {
                    id: 'mail.invoice.reminder.was-due',
                    message: 'A reminder: this invoice was due on {day}.',
                  },
                  params,
                ),
        ]
  const sentLine =
    row.revision > 0
      ? t(
          /*i18n*/ {
            id: 'mail.invoice.sent.body.revision',
            message: '{seller} has sent you invoice {number} (revision {revision}).',
          },
          params,
        )
      : t(
          /*i18n*/ { id: 'mail.invoice.sent.body', message: '{seller} has sent you invoice {number}.' },
          params,
        )
  return {
    subject,
    lines: [
      t(HELLO, params),
      ...reminderLine,
      `${sentLine} ${what}`,
      t(
        /*i18n*/ {
          id: 'mail.invoice.sent.how',
          message: 'Pay by M-Pesa, card or PayPal on the invoice’s page. The invoice is attached as a PDF.',
        },
      ),
    ],
    action: t(/*i18n*/ { id: 'mail.invoice.sent.action', message: 'Pay {amount}' }, params),
  }
}

/** To the seller: a payment reached their invoice after they cancelled it, and Soko gives it back. */
export function returnedToSeller(
  lang: Lang,
  row: Pick<InvoiceRow, 'currency' | 'clientName'>,
  payment: Pick<InvoicePaymentRow, 'amount' | 'method'>,
  number: string,
): [string, string[]] {
  const t = say(lang)
  const params = {
    number,
    client: row.clientName,
    amount: invoiceMoney(lang, payment.amount, row.currency),
    way: wayBackIn(lang, payment.method),
  }
  return [
    t(
      /*i18n*/ {
        id: 'mail.invoice.seller.returned.subject',
        message: 'A payment on cancelled invoice {number} is being given back',
      },
      params,
    ),
    [
      t(
        /*i18n*/ {
          id: 'mail.invoice.seller.returned.body',
          message: '{client} paid {amount} on invoice {number} after you cancelled it.',
        },
        params,
      ),
      t(
        /*i18n*/ {
          id: 'mail.invoice.seller.returned.back',
          message: 'It is not counted as a sale: Soko is giving it back {way}.',
        },
        params,
      ),
    ],
  ]
}

/** To the seller: a payment arrived on their invoice. */
export function paidToSeller(
  lang: Lang,
  row: Pick<InvoiceRow, 'currency' | 'clientName'>,
  payment: Pick<InvoicePaymentRow, 'amount' | 'excess' | 'payment'>,
  p: { number: string; status: InvoiceStatus; left: number },
): [string, string[]] {
  const t = say(lang)
  const receipt = receiptOf(payment)
  const params = {
    number: p.number,
    client: row.clientName,
    amount: invoiceMoney(lang, payment.amount, row.currency),
    extra: invoiceMoney(lang, payment.excess, row.currency),
    left: invoiceMoney(lang, p.left, row.currency),
    receipt: receipt ?? '',
    status: statusWord(lang, p.status),
  }
  return [
    t(
      /*i18n*/ { id: 'mail.invoice.seller.paid.subject', message: '{client} paid {amount} on {number}' },
      params,
    ),
    [
      receipt
        ? t(
            /*i18n*/ {
              id: 'mail.invoice.seller.received.receipt',
              message: '{amount} received, receipt {receipt}.',
            },
            params,
          )
        : t(/*i18n*/ { id: 'mail.invoice.seller.received', message: '{amount} received.' }, params),
      ...(payment.excess > 0
        ? [
            t(
              /*i18n*/ {
                id: 'mail.invoice.seller.excess',
                message:
                  "{extra} of it was more than was due: it is held for {client} until you give it back or keep it as a payment, on the invoice's page.",
              },
              params,
            ),
          ]
        : []),
      p.status === 'paid'
        ? t(
            /*i18n*/ { id: 'mail.invoice.seller.paid-in-full', message: 'Invoice {number} is paid in full.' },
            params,
          )
        : t(
            /*i18n*/ {
              id: 'mail.invoice.seller.left',
              message: '{left} is left to pay on invoice {number}.',
            },
            params,
          ),
      t(/*i18n*/ { id: 'mail.invoice.seller.status', message: 'Status: {status}.' }, params),
    ],
  ]
}
