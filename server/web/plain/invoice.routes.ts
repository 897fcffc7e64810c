import { Hono } from 'hono'
import type { PayInvoiceView } from '../../../contract/invoices.contract'
import { mpesaResult } from '../../../contract/mpesa'
import { escapeHtml } from '../../lib/html'
import { translate } from '../../lib/i18n'
import { refused } from './buy-steps'
import { button, hidden } from './fields'
import { type Draft, findMain, invoiceMain, NO_DRAFT, payPath } from './invoice-page'
import { INVOICE } from './invoice-words'
import {
  type PlainKit,
  type PlainRequest,
  plainRequest,
  postedFields,
  redirectTo,
  refusalIn,
  runFor,
  sendPage,
} from './kit'
import { tokenField } from './layout'
import { phoneText, type Words, wordsFor } from './words'

/** How often the waiting page looks again, in seconds. */
const REFRESH_SECONDS = 4

/**
 * Paying an invoice without script: the pay page's form posts here (`/p/pay`) and pays through the
 * contract's `payInvoice`, as the app's RPC does (the same checks and words). M-Pesa goes on to a waiting
 * page (`/p/wait`) that refreshes itself until M-Pesa answers, then back to the pay page, which shows the
 * payment received (or the balance left); a prompt that failed says why, with Try again. Card and PayPal go
 * to their page, which sends the client back to the pay page. `/p/find` is the form that opens a lost link.
 */
export function invoiceRoutes(kit: PlainKit) {
  const app = new Hono()

  app.post('/p/pay', async (c) => {
    const req = await plainRequest(kit, c)
    const fields = await postedFields(kit, req)
    if (!fields) return refused(kit, req)
    const { invoiceId, key } = linkOf(req)
    const method = fields.method?.trim() ?? ''
    const phone = fields.phone?.trim() ?? ''
    // The number is the M-Pesa prompt's: a card or PayPal payment does not send it.
    const input = {
      invoiceId,
      key,
      ...(method ? { method } : {}),
      ...(method === 'mpesa' && phone ? { phone } : {}),
    }
    const paid = await runFor(kit, req, 'payInvoice', input)
    if (!paid.ok) {
      const { message, fields: errors } = refusalIn(req.lang, paid.error)
      const read = await runFor(kit, req, 'getPayInvoice', { invoiceId, key })
      if (!read.ok) return notFound(kit, req, message, paid.error.status)
      const draft: Draft = {
        fields,
        errors,
        message: Object.keys(errors).length ? translate(req.lang, INVOICE.checkFields) : message,
      }
      return sendPage(kit, req, {
        title: titleOf(req, read.data.invoice),
        main: invoiceMain(req, read.data.invoice, key, draft),
        status: paid.error.status,
      })
    }
    const { paymentId, next } = paid.data
    if (next.kind === 'redirect') return redirectTo(req, next.url)
    return redirectTo(req, waitPath(invoiceId, key, paymentId, next.phone))
  })

  // One M-Pesa payment of the invoice, followed: read through `getPayInvoice`, as the app's page polls it.
  app.get('/p/wait', async (c) => {
    const req = await plainRequest(kit, c)
    const { invoiceId, key } = linkOf(req)
    const paymentId = c.req.query('payment') ?? ''
    const phone = c.req.query('phone') ?? ''
    const read = await runFor(kit, req, 'getPayInvoice', { invoiceId, key })
    if (!read.ok) return notFound(kit, req, refusalIn(req.lang, read.error).message, read.error.status)
    const invoice = read.data.invoice
    const w = wordsFor(req)
    const here = waitPath(invoiceId, key, paymentId, phone)
    if (invoice.pending?.id === paymentId)
      return sendPage(kit, req, {
        title: w.text(INVOICE.waitTitle),
        main: waiting(w, invoice, key, phone, here),
        refresh: { seconds: REFRESH_SECONDS, url: here },
      })
    // Received (or paid in full some other way meanwhile): the pay page says so, or shows the balance.
    if (invoice.payments.some((p) => p.id === paymentId) || invoice.status === 'paid')
      return redirectTo(req, payPath(invoiceId, key))
    return sendPage(kit, req, {
      title: w.text(INVOICE.failedTitle),
      main: failed(req, w, invoice, key, paymentId, phone),
    })
  })

  app.post('/p/find', async (c) => {
    const req = await plainRequest(kit, c)
    const fields = await postedFields(kit, req)
    if (!fields) return refused(kit, req)
    const found = await runFor(kit, req, 'findPayInvoice', {
      number: fields.number ?? '',
      contact: fields.contact ?? '',
    })
    if (found.ok && found.data.link) {
      const link = new URL(found.data.link, kit.services.config.publicUrl)
      return redirectTo(req, link.pathname + link.search)
    }
    const w = wordsFor(req)
    const refusal = found.ok ? null : refusalIn(req.lang, found.error)
    const draft: Draft = {
      fields,
      errors: refusal?.fields ?? {},
      message: refusal
        ? Object.keys(refusal.fields).length
          ? w.text(INVOICE.checkFields)
          : refusal.message
        : w.text(INVOICE.findNone),
    }
    return sendPage(kit, req, {
      title: w.text(INVOICE.findTitle),
      main: findMain(req, draft),
      status: found.ok ? 404 : found.error.status,
    })
  })

  return app
}

/** The plain pay page's content at `/p` (the site puts it in the app's page): null for a link that opens nothing. */
export async function payPageMain(kit: PlainKit, req: PlainRequest): Promise<string | null> {
  const url = new URL(req.c.req.url)
  if (!url.searchParams.has('invoice') && !url.searchParams.has('key')) return findMain(req, NO_DRAFT)
  const { invoiceId, key } = linkOf(req)
  const read = await runFor(kit, req, 'getPayInvoice', { invoiceId, key })
  return read.ok ? invoiceMain(req, read.data.invoice, key, NO_DRAFT) : null
}

/** The invoice and its key, from the link's query. */
function linkOf(req: PlainRequest) {
  return { invoiceId: req.c.req.query('invoice') ?? '', key: req.c.req.query('key') ?? '' }
}

function waitPath(invoiceId: string, key: string, paymentId: string, phone: string): string {
  const extra = new URLSearchParams({ payment: paymentId, ...(phone ? { phone } : {}) })
  return `${payPath(invoiceId, key, '/wait')}&${extra}`
}

function titleOf(req: PlainRequest, invoice: PayInvoiceView): string {
  return translate(req.lang, INVOICE.title, { number: invoice.number ?? invoice.reference })
}

/** "Check your phone": the prompt's amount and number, the Paybill way, and the page that looks again. */
function waiting(w: Words, invoice: PayInvoiceView, key: string, phone: string, here: string): string {
  const pending = invoice.pending
  const amount = pending
    ? w.money(pending.charged ?? { amount: pending.amount, currency: invoice.currency })
    : ''
  return [
    `<h1>${w.say(INVOICE.waitTitle)}</h1>`,
    `<p class="lead" role="status">${w.say(INVOICE.waitSent, { amount, phone: phoneText(phone) })}</p>`,
    invoice.paybill
      ? `<p>${w.say(INVOICE.paybill, { business: invoice.paybill.number, account: invoice.paybill.account })}</p>`
      : '',
    invoice.sandboxPhone
      ? `<p><a href="${escapeHtml(invoice.sandboxPhone)}">${w.say(INVOICE.sandboxPhone)}</a></p>`
      : '',
    `<p class="muted">${w.say(INVOICE.waitRefreshes)}</p>`,
    `<p class="actions"><a class="button" href="${escapeHtml(here)}">${w.say(INVOICE.lookAgain)}</a> `,
    `<a class="button secondary" href="${escapeHtml(payPath(invoice.id, key))}">${w.say(INVOICE.otherWay)}</a></p>`,
  ].join('')
}

/** The prompt did not go through: why (M-Pesa's words), a new prompt to the same number, or another way. */
function failed(
  req: PlainRequest,
  w: Words,
  invoice: PayInvoiceView,
  key: string,
  paymentId: string,
  phone: string,
): string {
  const failure = invoice.failed?.id === paymentId ? invoice.failed.failure : null
  const said = failure ? mpesaResult(failure.code) : null
  const why = said
    ? `${translate(req.lang, { id: said.titleId, message: said.title }, said.params)}. ${w.text(INVOICE.notCharged)}`
    : `${w.text(INVOICE.mpesaFailed)} ${w.text(INVOICE.notCharged)}`
  const parts = [
    `<h1>${w.say(INVOICE.failedTitle)}</h1>`,
    `<p class="form-message form-message-error" role="alert">${escapeHtml(why)}</p>`,
    said ? `<p>${escapeHtml(translate(req.lang, { id: said.nextStepId, message: said.nextStep }))}</p>` : '',
  ]
  const payable = invoice.status !== 'void' && invoice.totals.dueNow > 0
  if (payable && invoice.charges.some((c) => c.method === 'mpesa'))
    parts.push(
      `<form method="post" action="${escapeHtml(payPath(invoice.id, key, '/pay'))}" class="actions">${tokenField(req.formToken)}${hidden('method', 'mpesa')}${hidden('phone', phone)}${button(w.text(INVOICE.tryAgain))}</form>`,
    )
  parts.push(
    `<p><a class="button secondary" href="${escapeHtml(payPath(invoice.id, key))}">${w.say(payable ? INVOICE.otherWay : INVOICE.backToInvoice)}</a></p>`,
  )
  return parts.join('')
}

function notFound(kit: PlainKit, req: PlainRequest, message: string, status: number): Response {
  const w = wordsFor(req)
  return sendPage(kit, req, {
    title: w.text(INVOICE.notFoundTitle),
    main: `<h1>${w.say(INVOICE.notFoundTitle)}</h1><p class="form-message form-message-error" role="alert">${escapeHtml(message)}</p>`,
    status,
  })
}
