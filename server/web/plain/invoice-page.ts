import type { PaymentMethod } from '../../../contract/checkout.constants'
import type { Message } from '../../../contract/i18n'
import type { PayInvoiceView } from '../../../contract/invoices.contract'
import { normalizeKenyanMobile } from '../../../contract/phone'
import { escapeHtml } from '../../lib/html'
import { button, formMessage, input, radios } from './fields'
import { INVOICE } from './invoice-words'
import type { PlainRequest } from './kit'
import { tokenField } from './layout'
import { phoneText, type Words, wordsFor } from './words'

/**
 * The invoice at its pay link as plain HTML (`/p?invoice=…&key=…`), as the app's page shows it: who bills
 * whom, what state it is in, what is due now (the deposit, then the balance) with the form that pays it,
 * the lines and totals, the payments received and the PDF. The form posts to `/p/pay` (invoice.routes.ts).
 */

/** What a post sent, and what was refused in it, for the form shown again. */
export interface Draft {
  fields: Record<string, string>
  errors: Record<string, string>
  message: string | null
}

export const NO_DRAFT: Draft = { fields: {}, errors: {}, message: null }

/** The pay link, and the pages that hang off it: what they carry is the invoice and its key. */
export function payPath(invoiceId: string, key: string, page = ''): string {
  return `/p${page}?${new URLSearchParams({ invoice: invoiceId, key })}`
}

/** How a payment was made, in the client's words. */
export function methodName(w: Words, method: PaymentMethod | 'cash' | 'bank'): string {
  if (method === 'card') return w.text(INVOICE.card)
  if (method === 'cash') return w.text(INVOICE.cash)
  if (method === 'bank') return w.text(INVOICE.bank)
  return method === 'mpesa' ? 'M-Pesa' : 'PayPal'
}

const STATUS: Record<PayInvoiceView['status'], Message> = {
  draft: INVOICE.statusDue,
  sent: INVOICE.statusDue,
  viewed: INVOICE.statusDue,
  overdue: INVOICE.statusOverdue,
  partially_paid: INVOICE.statusPartly,
  paid: INVOICE.statusPaid,
  void: INVOICE.statusVoid,
}
const TONE: Partial<Record<PayInvoiceView['status'], string>> = {
  paid: 'paid',
  void: 'cancelled',
  overdue: 'failed',
}

/** The whole page's content: the heading, the state, the form when something is due, the invoice. */
export function invoiceMain(req: PlainRequest, invoice: PayInvoiceView, key: string, draft: Draft): string {
  const w = wordsFor(req)
  const amount = (n: number) => w.money({ amount: n, currency: invoice.currency })
  const number = invoice.number ?? invoice.reference
  const parts = [
    `<h1>${w.say(INVOICE.title, { number })} <span class="badge badge-${TONE[invoice.status] ?? 'pending'}">${w.say(STATUS[invoice.status])}</span></h1>`,
    `<p class="lead">${w.say(INVOICE.fromTo, { seller: invoice.seller.name, client: invoice.client.name })}</p>`,
  ]
  const last = invoice.payments.at(-1)
  if (invoice.status === 'partially_paid' && last && !invoice.pending) {
    const charged = last.charged ?? { amount: last.amount, currency: invoice.currency }
    const said = w.text(INVOICE.lastReceived, {
      amount: w.money(charged),
      method: methodName(w, last.method),
    })
    parts.push(
      formMessage(
        last.receipt ? `${said} (${w.text(INVOICE.receiptOf, { receipt: last.receipt })})` : said,
        'ok',
      ),
    )
  }
  if (invoice.status === 'void') parts.push(voided(w, invoice))
  else if (invoice.status === 'paid') parts.push(paidInFull(w, invoice))
  else if (invoice.pending) parts.push(pendingNote(w, invoice, key))
  else if (invoice.totals.dueNow > 0) parts.push(payForm(req, w, invoice, key, draft))
  parts.push(document(w, invoice, amount))
  parts.push(
    `<p class="actions"><a class="button secondary" href="${escapeHtml(invoice.pdfUrl)}" download>${w.say(INVOICE.pdf)}</a></p>`,
  )
  return parts.join('')
}

function voided(w: Words, invoice: PayInvoiceView): string {
  const email = invoice.seller.email
  return `<section class="invoice-state invoice-void"><h2>${w.say(INVOICE.voidTitle)}</h2><p>${w.say(INVOICE.voidText, { seller: invoice.seller.name })}${email ? ` ${w.say(INVOICE.askSeller, { email })}` : ''}</p></section>`
}

function paidInFull(w: Words, invoice: PayInvoiceView): string {
  const days = invoice.payments.map((p) => p.paidAt).filter((d): d is string => Boolean(d))
  const on = invoice.paidAt ?? days.sort().at(-1) ?? null
  const total = w.money({ amount: invoice.totals.total, currency: invoice.currency })
  const heading = on ? w.say(INVOICE.paidInFull, { date: w.day(on) }) : w.say(INVOICE.statusPaid)
  return `<section class="invoice-state invoice-receipt"><h2>${heading}</h2><p role="status">${w.say(INVOICE.paidThanks, { seller: invoice.seller.name, total })}</p></section>`
}

/** A payment on its way (back from the card page before its provider answered, or a prompt waiting). */
function pendingNote(w: Words, invoice: PayInvoiceView, key: string): string {
  const pending = invoice.pending
  if (!pending) return ''
  const charged = w.money(pending.charged ?? { amount: pending.amount, currency: invoice.currency })
  if (pending.method === 'mpesa') {
    const wait = `${payPath(invoice.id, key, '/wait')}&payment=${encodeURIComponent(pending.id)}`
    return `<section class="mpesa-wait"><p role="status">${w.say(INVOICE.pendingMpesa, { amount: charged })}</p><p class="actions"><a class="button" href="${escapeHtml(wait)}">${w.say(INVOICE.follow)}</a></p></section>`
  }
  const method = methodName(w, pending.method)
  return `<section class="mpesa-wait"><p role="status">${w.say(INVOICE.pendingProvider, { method, amount: charged })}</p><p class="actions"><a class="button" href="${escapeHtml(payPath(invoice.id, key))}">${w.say(INVOICE.lookAgain)}</a></p></section>`
}

/** What is due now, how to pay it (each way with what it charges), the M-Pesa number, and the button. */
function payForm(req: PlainRequest, w: Words, invoice: PayInvoiceView, key: string, draft: Draft) {
  const { totals } = invoice
  const amount = (n: number) => w.money({ amount: n, currency: invoice.currency })
  const heading = invoice.dueNowIsDeposit
    ? INVOICE.depositDue
    : totals.paid > 0
      ? INVOICE.balanceDue
      : INVOICE.amountDue
  const due = w.text(INVOICE.dueBy, { date: w.day(invoice.dueDate) })
  const explained = invoice.dueNowIsDeposit
    ? w.text(INVOICE.depositText, {
        total: amount(totals.total),
        balance: amount(totals.balance - totals.dueNow),
        date: w.day(invoice.dueDate),
      })
    : totals.paid > 0
      ? `${w.text(INVOICE.partText, { paid: amount(totals.paid), total: amount(totals.total) })} ${due}`
      : due
  const summary = `<h2>${w.say(heading)}</h2><p class="pay-amount">${escapeHtml(amount(totals.dueNow))}</p><p class="${invoice.status === 'overdue' ? 'pay-overdue' : 'muted'}">${escapeHtml(explained)}</p>`
  if (invoice.charges.length === 0)
    return `<section class="pay-box">${summary}<p>${w.say(INVOICE.noWay, { seller: invoice.seller.name })}</p></section>`
  const { fields, errors } = draft
  const method = fields.method ?? invoice.charges[0]?.method
  const known = fields.phone ?? (invoice.client.phone ? normalizeKenyanMobile(invoice.client.phone) : null)
  const label = invoice.dueNowIsDeposit
    ? INVOICE.payDeposit
    : totals.paid > 0
      ? INVOICE.payBalance
      : INVOICE.pay
  const others = Object.entries(errors)
    .filter(([name]) => name !== 'method' && name !== 'phone')
    .map(([, said]) => `<p class="field-error">${escapeHtml(said)}</p>`)
    .join('')
  const paybill = invoice.paybill
    ? `<p class="muted">${w.say(INVOICE.paybill, { business: invoice.paybill.number, account: invoice.paybill.account })}</p>`
    : ''
  const form = [
    `<form method="post" action="${escapeHtml(payPath(invoice.id, key, '/pay'))}" class="form" novalidate>`,
    formMessage(draft.message),
    others,
    tokenField(req.formToken),
    radios({
      legend: w.text(INVOICE.method),
      name: 'method',
      value: method,
      error: errors.method,
      options: invoice.charges.map((charge) => ({
        value: charge.method,
        label: w.text(INVOICE.charged, {
          method: methodName(w, charge.method),
          amount: w.money(charge.amount),
        }),
      })),
    }),
    invoice.charges.some((c) => c.method === 'mpesa')
      ? input({
          label: w.text(INVOICE.phone),
          name: 'phone',
          type: 'tel',
          autocomplete: 'tel',
          inputmode: 'tel',
          value: known ? phoneText(known) : undefined,
          error: errors.phone,
          hint: w.text(INVOICE.phoneHint),
        })
      : '',
    button(w.text(label, { amount: amount(totals.dueNow) })),
    '</form>',
  ]
  return `<section class="pay-box">${summary}${form.join('')}${paybill}</section>`
}

/** The invoice itself: dates, lines (two columns, so a phone reads them), totals, payments, notes, terms. */
function document(w: Words, invoice: PayInvoiceView, amount: (n: number) => string): string {
  const { totals } = invoice
  const quantity = new Intl.NumberFormat(w.locale, { maximumFractionDigits: 3 })
  const lines = invoice.lines
    .map(
      (line) =>
        `<tr><th scope="row">${escapeHtml(line.description)}<span class="invoice-line-qty">${escapeHtml(`${quantity.format(line.quantityMilli / 1000)} × ${amount(line.unitPrice)}`)}</span></th><td>${escapeHtml(amount(line.total))}</td></tr>`,
    )
    .join('')
  const rate = (bps: number) => `${(bps / 100).toLocaleString(w.locale, { maximumFractionDigits: 2 })} %`
  const rows: [string, string, boolean?][] = [[w.text(INVOICE.subtotal), amount(totals.subtotal)]]
  if (totals.discount > 0) rows.push([w.text(INVOICE.discount), `− ${amount(totals.discount)}`])
  for (const tax of totals.taxes)
    rows.push([
      tax.inclusive
        ? w.text(INVOICE.taxIncluded, { name: tax.name, rate: rate(tax.rateBps) })
        : `${tax.name} ${rate(tax.rateBps)}`,
      amount(tax.amount),
    ])
  rows.push([w.text(INVOICE.total), amount(totals.total), true])
  if (totals.deposit > 0) rows.push([w.text(INVOICE.deposit), amount(totals.deposit)])
  if (totals.paid > 0) rows.push([w.text(INVOICE.paid), `− ${amount(totals.paid)}`])
  if (invoice.status !== 'void') rows.push([w.text(INVOICE.balance), amount(totals.balance), true])
  const totalsList = rows
    .map(([label, value, strong]) => {
      const cls = strong ? ' class="invoice-total"' : ''
      return `<dt${cls}>${escapeHtml(label)}</dt><dd${cls}>${escapeHtml(value)}</dd>`
    })
    .join('')
  const received = invoice.payments.length
    ? `<h2>${w.say(INVOICE.received)}</h2><ul class="plain-list invoice-payments">${invoice.payments
        .map((p) => {
          const said = w.text(INVOICE.receivedLine, {
            date: w.day(p.paidAt ?? p.createdAt),
            amount: w.money(p.charged ?? { amount: p.amount, currency: invoice.currency }),
            method: methodName(w, p.method),
          })
          return `<li>${escapeHtml(said)}${p.receipt ? ` <span class="muted">(${w.say(INVOICE.receiptOf, { receipt: p.receipt })})</span>` : ''}</li>`
        })
        .join('')}</ul>`
    : ''
  const note = (title: Message, body: string | null) =>
    body ? `<h2>${w.say(title)}</h2><p class="invoice-text">${escapeHtml(body)}</p>` : ''
  return [
    `<div class="invoice-document"><p class="muted">${w.say(INVOICE.dates, { issued: w.day(invoice.issueDate), due: w.day(invoice.dueDate) })}</p>`,
    `<table class="table invoice-lines"><thead><tr><th scope="col">${w.say(INVOICE.description)}</th><th scope="col">${w.say(INVOICE.lineTotal)}</th></tr></thead><tbody>${lines}</tbody></table>`,
    `<dl class="details invoice-totals">${totalsList}</dl>`,
    received,
    note(INVOICE.notes, invoice.notes),
    note(INVOICE.terms, invoice.terms),
    '</div>',
  ].join('')
}

/** `/p` without a link: the invoice's number and the e-mail or phone it went to open it. */
export function findMain(req: PlainRequest, draft: Draft): string {
  const w = wordsFor(req)
  const others = Object.entries(draft.errors)
    .filter(([name]) => name !== 'number' && name !== 'contact')
    .map(([, said]) => `<p class="field-error">${escapeHtml(said)}</p>`)
    .join('')
  return [
    `<h1>${w.say(INVOICE.findTitle)}</h1><p class="lead">${w.say(INVOICE.findLead)}</p>`,
    `<form method="post" action="/p/find" class="form" novalidate>${formMessage(draft.message)}${others}${tokenField(req.formToken)}`,
    input({
      label: w.text(INVOICE.findNumber),
      name: 'number',
      value: draft.fields.number,
      error: draft.errors.number,
      hint: w.text(INVOICE.findNumberHint),
      autocomplete: 'off',
    }),
    input({
      label: w.text(INVOICE.findContact),
      name: 'contact',
      value: draft.fields.contact,
      error: draft.errors.contact,
      autocomplete: 'email',
    }),
    `${button(w.text(INVOICE.findButton))}</form>`,
  ].join('')
}
