import { formatMoney } from '../../../contract/format-money'
import { intlLocale, type Lang, type Message, type MessageParams } from '../../../contract/i18n'
import { INVOICE_STATUS_TEXT } from '../../../contract/invoices.constants'
import { clock } from '../../lib/clock'
import { translate } from '../../lib/i18n'
import type { MailMessage } from '../../mail/mailer'
import { compose } from '../../mail/templates'
import { invoiceSms } from '../../sms/templates'
import type { InvoiceServices } from './deps'
import { invoicePdf } from './invoice-document'
import {
  dayText,
  dueNow,
  type InvoicePaymentRow,
  type InvoiceRow,
  invoiceKey,
  payUrl,
  statusOf,
} from './invoice-rows'
import { receiptOf, sellerOfInvoice } from './view'

const money = (amount: number, currency: string) => formatMoney(amount, currency, 'en')
/** Money as the client reads it: as before in English, Kenya's Kiswahili otherwise. */
const moneyIn = (lang: Lang, amount: number, currency: string) =>
  lang === 'en'
    ? money(amount, currency)
    : formatMoney(amount, currency, intlLocale(lang, undefined, 'en-KE'))

/** How money paid by `method` comes back to the client who paid it, in their language. */
function wayBackIn(lang: Lang, method: string): string {
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

/** The short link an SMS carries: `/i/{reference}.{signature}`, which opens the pay page with its key. */
export function shortLink(
  deps: Pick<InvoiceServices, 'config' | 'gateway'>,
  row: Pick<InvoiceRow, 'reference'>,
) {
  return `${deps.config.publicUrl}/i/${row.reference}.${deps.gateway.sign('invoice-short', row.reference).slice(0, 12)}`
}

/** The mails and text messages of an invoice: to the client when sent or reminded, to both sides when paid. */
export function invoiceMails(deps: InvoiceServices) {
  const { mailer, log, config } = deps
  const send = async (message: MailMessage) => {
    try {
      await mailer.send(message)
      return true
    } catch (error) {
      log.error('invoice mail not sent', { subject: message.subject, error })
      return false
    }
  }
  const pdfOf = async (row: InvoiceRow) => ({
    filename: `${row.number ?? 'invoice'}.pdf`,
    content: Buffer.from(await invoicePdf(deps, row)),
    contentType: 'application/pdf',
  })

  /** How money paid by `method` comes back to whoever paid it. */
  const wayBack = (method: string) =>
    method === 'mpesa'
      ? 'by M-Pesa, to the number that paid'
      : method === 'card'
        ? 'to the card that paid (banks take a few days to show it)'
        : 'to the PayPal account that paid'

  return {
    /** The invoice to its client (a revision says so): e-mail with the PDF, and SMS with the link. */
    async sent(row: InvoiceRow, opts: { reminder?: number } = {}) {
      const seller = await sellerOfInvoice(deps.db, row.sellerId)
      const link = payUrl(config.publicUrl, deps.gateway, row.id)
      const due = dueNow(row)
      const number = row.number ?? row.reference
      const what = due.deposit
        ? `A deposit of ${money(due.amount, row.currency)} is due first; the total is ${money(row.total, row.currency)}.`
        : `${money(due.amount, row.currency)} is due by ${dayText(row.dueDate)}.`
      const subject =
        opts.reminder !== undefined
          ? `Reminder: invoice ${number} from ${seller.name}`
          : row.revision > 0
            ? `Invoice ${number} from ${seller.name} (updated)`
            : `Invoice ${number} from ${seller.name}`
      const reminderLine =
        opts.reminder === undefined
          ? []
          : [
              opts.reminder < 0
                ? `A reminder: this invoice is due on ${dayText(row.dueDate)}.`
                : opts.reminder === 0
                  ? 'A reminder: this invoice is due today.'
                  : `A reminder: this invoice was due on ${dayText(row.dueDate)}.`,
            ]
      let mailed = false
      if (row.clientEmail)
        mailed = await send({
          ...compose(
            row.clientEmail,
            subject,
            [
              `Hello ${row.clientName},`,
              ...reminderLine,
              `${seller.name} has sent you invoice ${number}${row.revision > 0 ? ` (revision ${row.revision})` : ''}. ${what}`,
              'Pay by M-Pesa, card or PayPal on the invoice’s page. The invoice is attached as a PDF.',
            ],
            { label: `Pay ${money(due.amount, row.currency)}`, url: link },
          ),
          ...(seller.email ? { replyTo: seller.email } : {}),
          attachments: [await pdfOf(row)],
        })
      if (row.clientPhone)
        await deps.sms.queue(deps.db, {
          eventKey: `invoice:${row.id}:${opts.reminder !== undefined ? `reminder:${opts.reminder}` : `sent:${row.revision}:${clock.ms()}`}`,
          kind: opts.reminder !== undefined ? 'reminder' : 'invoice',
          phone: row.clientPhone,
          text: invoiceSms({
            seller: seller.name,
            number,
            amount: due.amount,
            currency: row.currency,
            due: dayText(row.dueDate),
            link: shortLink(deps, row),
            reminder: opts.reminder !== undefined,
          }),
        })
      return mailed
    },

    /**
     * A payment reached an invoice after it was cancelled: nothing was taken. The client is told the money
     * is on its way back, the seller that it is not theirs.
     */
    async returned(row: InvoiceRow, payment: InvoicePaymentRow) {
      const seller = await sellerOfInvoice(deps.db, row.sellerId)
      const number = row.number ?? row.reference
      const amount = money(payment.amount, row.currency)
      const lang = row.clientLanguage
      const t = (message: Message, params?: MessageParams) => translate(lang, message, params)
      const params = { number, amount: moneyIn(lang, payment.amount, row.currency), seller: seller.name }
      if (row.clientEmail)
        await send(
          compose(
            row.clientEmail,
            t(
              /*i18n*/ {
                id: 'mail.invoice.returned.subject',
                message: 'Your payment on invoice {number} is coming back to you',
              },
              params,
            ),
            [
              t(/*i18n*/ { id: 'mail.invoice.hello', message: 'Hello {name},' }, { name: row.clientName }),
              t(
                /*i18n*/ {
                  id: 'mail.invoice.returned.body',
                  message:
                    'Your payment of {amount} reached invoice {number} after {seller} had cancelled it, so it was not taken.',
                },
                params,
              ),
              t(
                /*i18n*/ {
                  id: 'mail.invoice.returned.back',
                  message: 'It is on its way back to you {way}. Nothing more is due on this invoice.',
                },
                { way: wayBackIn(lang, payment.method) },
              ),
            ],
            undefined,
            lang,
          ),
        )
      if (seller.email)
        await send(
          compose(
            seller.email,
            `A payment on cancelled invoice ${number} is being given back`,
            [
              `${row.clientName} paid ${amount} on invoice ${number} after you cancelled it.`,
              `It is not counted as a sale: Soko is giving it back ${wayBack(payment.method)}.`,
            ],
            { label: 'Open the invoice', url: `${config.publicUrl}/account/invoices/${row.id}` },
          ),
        )
    },

    /** A payment arrived: a receipt to the client, a note to the seller. */
    async paid(row: InvoiceRow, payment: InvoicePaymentRow) {
      const seller = await sellerOfInvoice(deps.db, row.sellerId)
      const number = row.number ?? row.reference
      const status = statusOf(row, clock.now())
      const left = Math.max(0, row.total - row.paid)
      const state =
        status === 'paid'
          ? `Invoice ${number} is paid in full.`
          : `${money(left, row.currency)} is left to pay on invoice ${number}.`
      const receipt = receiptOf(payment) ? `, receipt ${receiptOf(payment)}` : ''
      const line = `${money(payment.amount, row.currency)} received${receipt}.`
      const extra = money(payment.excess, row.currency)
      const excess =
        payment.excess > 0
          ? [
              `${extra} of it was more than was due: it is held for ${row.clientName} until you give it back or keep it as a payment, on the invoice's page.`,
            ]
          : []
      const link = `${config.publicUrl}/p?invoice=${row.id}&key=${invoiceKey(deps.gateway, row.id)}`
      const pdf = status === 'paid' ? [await pdfOf(row)] : []
      if (row.clientEmail && payment.method !== 'cash' && payment.method !== 'bank') {
        const lang = row.clientLanguage
        const t = (message: Message, params?: MessageParams) => translate(lang, message, params)
        const params = {
          number,
          seller: seller.name,
          name: row.clientName,
          amount: moneyIn(lang, payment.amount, row.currency),
          extra: moneyIn(lang, payment.excess, row.currency),
          left: moneyIn(lang, left, row.currency),
          receipt: receiptOf(payment) ?? '',
        }
        await send({
          ...compose(
            row.clientEmail,
            status === 'paid'
              ? t(
                  /*i18n*/ {
                    id: 'mail.invoice.paid.subject',
                    message: 'Paid: invoice {number} from {seller}',
                  },
                  params,
                )
              : t(
                  /*i18n*/ {
                    id: 'mail.invoice.received.subject',
                    message: 'Payment received: invoice {number} from {seller}',
                  },
                  params,
                ),
            [
              t(/*i18n*/ { id: 'mail.invoice.thanks', message: 'Thank you, {name}.' }, params),
              receiptOf(payment)
                ? t(
                    /*i18n*/ {
                      id: 'mail.invoice.received.receipt',
                      message: '{amount} received, receipt {receipt}.',
                    },
                    params,
                  )
                : t(/*i18n*/ { id: 'mail.invoice.received', message: '{amount} received.' }, params),
              ...(payment.excess > 0
                ? [
                    t(
                      /*i18n*/ {
                        id: 'mail.invoice.excess',
                        message:
                          '{extra} of it was more than was due: {seller} will give it back, or keep it as a payment.',
                      },
                      params,
                    ),
                  ]
                : []),
              status === 'paid'
                ? t(
                    /*i18n*/ {
                      id: 'mail.invoice.paid-in-full',
                      message: 'Invoice {number} is paid in full.',
                    },
                    params,
                  )
                : t(
                    /*i18n*/ {
                      id: 'mail.invoice.left',
                      message: '{left} is left to pay on invoice {number}.',
                    },
                    params,
                  ),
            ],
            { label: t(/*i18n*/ { id: 'mail.invoice.see', message: 'See the invoice' }), url: link },
            lang,
          ),
          attachments: pdf,
        })
      }
      if (seller.email)
        await send({
          ...compose(
            seller.email,
            `${row.clientName} paid ${money(payment.amount, row.currency)} on ${number}`,
            [line, ...excess, state, `Status: ${INVOICE_STATUS_TEXT[status]}.`],
            { label: 'Open the invoice', url: `${config.publicUrl}/account/invoices/${row.id}` },
          ),
          attachments: pdf,
        })
    },
  }
}
