import { timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { formatMoney } from '../../../contract/format-money'
import { invoices } from '../../db/schema'
import { clock } from '../../lib/clock'
import { isUuid } from '../../lib/uuid'
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

  app.get('/invoices/:file{[0-9a-f-]{36}\\.pdf}', async (c) => {
    const id = c.req.param('file').slice(0, -'.pdf'.length)
    const key = c.req.query('key') ?? ''
    const [row] = isUuid(id) ? await deps.db.select().from(invoices).where(eq(invoices.id, id)) : []
    if (!row || !keyOpens(deps.gateway, id, key))
      return c.text('There is no invoice at this address.', 404, { 'cache-control': 'no-store' })
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
    if (!row) return c.text('This link does not open anything. Ask the sender for a new one.', 404)
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
): Promise<{ title: string; description: string; noindex: true; canonical: null } | null> {
  if (!params.has('invoice') && !params.has('key'))
    return {
      title: 'Find your invoice',
      description: 'Open an invoice by its number and the e-mail or phone it was sent to.',
      noindex: true,
      canonical: null,
    }
  const id = params.get('invoice') ?? ''
  const key = params.get('key') ?? ''
  if (!isUuid(id)) return null
  const [row] = await deps.db.select().from(invoices).where(eq(invoices.id, id))
  if (!row?.sentAt || !keyOpens(deps.gateway, id, key)) return null
  return headOf(row, (await sellerOfInvoice(deps.db, row.sellerId)).name)
}

function headOf(row: InvoiceRow, seller: string) {
  const status = statusOf(row, clock.now())
  const money = (amount: number) => formatMoney(amount, row.currency, 'en')
  const description =
    status === 'void'
      ? 'This invoice was cancelled.'
      : status === 'paid'
        ? `Paid in full: ${money(row.total)}.`
        : `${money(dueNow(row).amount)} due${dueNow(row).deposit ? ' first (deposit)' : ''}, by ${dayText(row.dueDate)}. Pay by M-Pesa, card or PayPal.`
  // Someone's bill: never in a search index.
  return {
    title: `Invoice ${row.number ?? ''} from ${seller} — ${money(row.total)}`,
    description,
    noindex: true as const,
    canonical: null,
  }
}
