import { timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { formatMoney } from '../../../contract/format-money'
import { DEFAULT_LANG, intlLocale, type Lang } from '../../../contract/i18n'
import { invoices } from '../../db/schema'
import { clock } from '../../lib/clock'
import { translate } from '../../lib/i18n'
import { isUuid } from '../../lib/uuid'
import { requestLang } from '../../web/locale'
import type { InvoiceServices } from './deps'
import { invoicePdf } from './invoice-document'
import { dayText, dueNow, type InvoiceRow, keyOpens, payUrl, statusOf } from './invoice-rows'
import { sellerOfInvoice } from './view'

/**
 * An invoice's addresses that are not the app: its PDF (`/invoices/{id}.pdf?key=…`, the key of its pay
 * link) and the short link an SMS carries (`/i/{reference}.{signature}`), which opens the pay page.
 */
export function invoiceRoutes(deps: InvoiceServices) {
  const app = new Hono()
  /** The language of the one asking: `?lang=`, the `lang` cookie, then Accept-Language. */
  const langOf = (c: Context) =>
    requestLang(c.req.query('lang'), c.req.header('cookie'), c.req.header('accept-language')).lang

  app.get('/invoices/:file{[0-9a-f-]{36}\\.pdf}', async (c) => {
    const id = c.req.param('file').slice(0, -'.pdf'.length)
    const key = c.req.query('key') ?? ''
    const [row] = isUuid(id) ? await deps.db.select().from(invoices).where(eq(invoices.id, id)) : []
    if (!row || !keyOpens(deps.gateway, id, key))
      return c.text(
        translate(
          langOf(c),
          /*i18n*/ { id: 'invoices.pdf.not-found', message: 'There is no invoice at this address.' },
        ),
        404,
        { 'cache-control': 'no-store' },
      )
    const pdf = await invoicePdf(deps, row)
    return c.body(Buffer.from(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${row.number ?? 'draft-invoice'}.pdf"`,
      // The PDF shows the payment state of the moment: never kept.
      'cache-control': 'private, no-store',
    })
  })

  app.get('/i/:token', async (c) => {
    const [reference, signature = ''] = c.req.param('token').split('.')
    const expected = deps.gateway.sign('invoice-short', reference ?? '').slice(0, 12)
    const same =
      signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
    const [row] =
      same && reference ? await deps.db.select().from(invoices).where(eq(invoices.reference, reference)) : []
    if (!row)
      return c.text(
        translate(
          langOf(c),
          /*i18n*/ {
            id: 'invoices.short-link.not-found',
            message: 'This link does not open anything. Ask the sender for a new one.',
          },
        ),
        404,
      )
    return c.redirect(payUrl(deps.config.publicUrl, deps.gateway, row.id), 302)
  })

  return app
}

/**
 * The share card of a pay link (WhatsApp, e-mail and chat previews): who bills and how much. Null when the
 * link names no sent invoice — the page is then the app's 404. `/p` naming nothing is the page to find an
 * invoice by its number.
 */
export async function payPageHead(
  deps: Pick<InvoiceServices, 'db' | 'gateway'>,
  params: URLSearchParams,
  lang: Lang = DEFAULT_LANG,
): Promise<{ title: string; description: string; noindex: true; canonical: null } | null> {
  if (!params.has('invoice') && !params.has('key'))
    return {
      title: translate(lang, HEAD.find),
      description: translate(lang, HEAD.findText),
      noindex: true,
      canonical: null,
    }
  const id = params.get('invoice') ?? ''
  const key = params.get('key') ?? ''
  if (!isUuid(id)) return null
  const [row] = await deps.db.select().from(invoices).where(eq(invoices.id, id))
  if (!row?.sentAt || !keyOpens(deps.gateway, id, key)) return null
  return headOf(row, (await sellerOfInvoice(deps.db, row.sellerId, lang)).name, lang)
}

/** The share card of a pay link, in the language of the person opening it. */
const HEAD = {
  find: /*i18n*/ { id: 'invoicePay.head.find', message: 'Find your invoice' },
  findText: /*i18n*/ {
    id: 'invoicePay.head.findText',
    message: 'Open an invoice by its number and the e-mail or phone it was sent to.',
  },
  title: /*i18n*/ { id: 'invoicePay.head.title', message: 'Invoice {number} from {seller} — {total}' },
  void: /*i18n*/ { id: 'invoicePay.head.void', message: 'This invoice was cancelled.' },
  paid: /*i18n*/ { id: 'invoicePay.head.paid', message: 'Paid in full: {total}.' },
  due: /*i18n*/ {
    id: 'invoicePay.head.due',
    message: '{amount} due, by {date}. Pay by M-Pesa, card or PayPal.',
  },
  deposit: /*i18n*/ {
    id: 'invoicePay.head.deposit',
    message: '{amount} due first (deposit), by {date}. Pay by M-Pesa, card or PayPal.',
  },
}

function headOf(row: InvoiceRow, seller: string, lang: Lang) {
  const status = statusOf(row, clock.now())
  // English as it always was; Kiswahili as Kenya writes it.
  const locale = lang === DEFAULT_LANG ? 'en' : intlLocale(lang, undefined, 'en')
  const money = (amount: number) => formatMoney(amount, row.currency, locale)
  const due = dueNow(row)
  const description =
    status === 'void'
      ? translate(lang, HEAD.void)
      : status === 'paid'
        ? translate(lang, HEAD.paid, { total: money(row.total) })
        : translate(lang, due.deposit ? HEAD.deposit : HEAD.due, {
            amount: money(due.amount),
            date: dayText(row.dueDate, lang),
          })
  // Someone's bill: never in a search index.
  return {
    title: translate(lang, HEAD.title, { number: row.number ?? '', seller, total: money(row.total) }),
    description,
    noindex: true as const,
    canonical: null,
  }
}
