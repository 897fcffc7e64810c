import type { Lang, Message, MessageParams } from '../../../contract/i18n'
import { clock } from '../../lib/clock'
import { translate } from '../../lib/i18n'
import type { MailMessage } from '../../mail/mailer'
import { compose } from '../../mail/templates'
import { invoiceSms } from '../../sms/templates'
import { userLanguageOf } from '../settings'
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
import { invoiceMoney as moneyIn, wayBackIn } from './invoice-words'
import { invoiceLanguage } from './language'
import { HELLO, openInvoice, paidToSeller, returnedToSeller, sentMail } from './mail-words'
import { receiptOf, sellerOfInvoice } from './view'

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
  const pdfOf = async (row: InvoiceRow, lang: Lang) => ({
    filename: `${row.number ?? 'invoice'}.pdf`,
    content: Buffer.from(await invoicePdf(deps, row, lang)),
    contentType: 'application/pdf',
  })

  return {
    /** The invoice to its client (a revision says so): e-mail with the PDF, and SMS with the link. */
    async sent(row: InvoiceRow, opts: { reminder?: number } = {}) {
      const seller = await sellerOfInvoice(deps.db, row.sellerId)
      const link = payUrl(config.publicUrl, deps.gateway, row.id)
      const due = dueNow(row)
      const number = row.number ?? row.reference
      const lang = await invoiceLanguage(deps.db, row)
      const mail = sentMail(lang, row, { seller: seller.name, number, due, reminder: opts.reminder })
      let mailed = false
      if (row.clientEmail)
        mailed = await send({
          ...compose(row.clientEmail, mail.subject, mail.lines, { label: mail.action, url: link }, lang),
          ...(seller.email ? { replyTo: seller.email } : {}),
          attachments: [await pdfOf(row, lang)],
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
            due: dayText(row.dueDate, lang),
            link: shortLink(deps, row),
            reminder: opts.reminder !== undefined,
            lang,
          }),
        })
      return mailed
    },

    /**
     * A payment reached an invoice after it was cancelled: nothing was taken. The client is told the money
     * is on its way back, the seller that it is not theirs.
     */
    async returned(row: InvoiceRow, payment: InvoicePaymentRow) {
      const lang = row.clientLanguage
      const seller = await sellerOfInvoice(deps.db, row.sellerId, lang)
      const number = row.number ?? row.reference
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
              t(HELLO, { name: row.clientName }),
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
      if (seller.email) {
        const sellerLang = await userLanguageOf(deps.db, row.sellerId)
        await send(
          compose(
            seller.email,
            ...returnedToSeller(sellerLang, row, payment, number),
            { label: openInvoice(sellerLang), url: `${config.publicUrl}/account/invoices/${row.id}` },
            sellerLang,
          ),
        )
      }
    },

    /** A payment arrived: a receipt to the client, a note to the seller. */
    async paid(row: InvoiceRow, payment: InvoicePaymentRow) {
      const seller = await sellerOfInvoice(deps.db, row.sellerId)
      const number = row.number ?? row.reference
      const status = statusOf(row, clock.now())
      const left = Math.max(0, row.total - row.paid)
      const link = `${config.publicUrl}/p?invoice=${row.id}&key=${invoiceKey(deps.gateway, row.id)}`
      const pdfs = new Map<Lang, Awaited<ReturnType<typeof pdfOf>>>()
      const pdfIn = async (lang: Lang) => {
        if (status !== 'paid') return []
        const pdf = pdfs.get(lang) ?? (await pdfOf(row, lang))
        pdfs.set(lang, pdf)
        return [pdf]
      }
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
          attachments: await pdfIn(lang),
        })
      }
      if (seller.email) {
        const sellerLang = await userLanguageOf(deps.db, row.sellerId)
        await send({
          ...compose(
            seller.email,
            ...paidToSeller(sellerLang, row, payment, { number, status, left }),
            { label: openInvoice(sellerLang), url: `${config.publicUrl}/account/invoices/${row.id}` },
            sellerLang,
          ),
          attachments: await pdfIn(sellerLang),
        })
      }
    },
  }
}
