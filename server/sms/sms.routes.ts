import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Db } from '../db/client'
import { orderLinks, orders } from '../db/schema'
import { translate } from '../lib/i18n'
import type { Logger } from '../lib/log'
import type { Gateway } from '../payments/gateway'
import { requestLang } from '../web/locale'
import type { Sms } from './sms'

/** Only the SHA-256 of a short link's token is kept. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The one provider whose delivery reports the hook takes; the signature is over this name. */
export const REPORTING_PROVIDER = 'africastalking'

/** Where Africa's Talking posts delivery reports: set this URL in its dashboard (it carries the secret). */
export function smsReportUrl(publicUrl: string, gateway: Pick<Gateway, 'sign'>): string {
  return `${publicUrl}/hooks/sms/${gateway.sign('sms-report', REPORTING_PROVIDER)}`
}

/**
 * The SMS routes: the delivery-report hook, refused without the secret its URL carries, and the short
 * links receipts carry (`/o/{token}`), which open the order with its key. `orderLink` is the order page
 * the receipt mail links to.
 */
export function smsRoutes(deps: {
  db: Db
  sms: Sms
  gateway: Gateway
  log: Logger
  orderLink: (order: { id: string; kind: string }) => string
}) {
  const app = new Hono()

  app.post('/hooks/sms/:signature', async (c) => {
    if (!deps.gateway.verify('sms-report', REPORTING_PROVIDER, c.req.param('signature')))
      return c.text('Forbidden', 403)
    const form = await c.req.parseBody()
    // A NUL is text the database cannot hold, and never in a provider's id: U+FFFD in its place finds nothing.
    const fields = Object.fromEntries(
      Object.entries(form)
        .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
        .map(([name, value]) => [name, value.replaceAll('\u0000', '\ufffd')]),
    )
    const outcome = await deps.sms.report(fields)
    if (outcome === 'unknown')
      deps.log.warn('an SMS delivery report for no message we know', { id: fields.id })
    // 404 for a message not recorded yet: the report may have overtaken the answer to our own request.
    // i18n-ignore: the answer to the SMS provider's delivery report, read by its servers
    return outcome === 'recorded' ? c.text('OK') : c.text('Not found', 404)
  })

  app.get('/o/:token', async (c) => {
    const token = c.req.param('token')
    const [link] = /^[\w-]{16,64}$/.test(token)
      ? await deps.db
          .select({ id: orders.id, kind: orders.kind })
          .from(orderLinks)
          .innerJoin(orders, eq(orders.id, orderLinks.orderId))
          .where(eq(orderLinks.tokenHash, hashToken(token)))
      : []
    if (!link)
      return c.text(
        translate(
          requestLang(c.req.query('lang'), c.req.header('cookie'), c.req.header('accept-language')).lang,
          /*i18n*/ {
            id: 'sms.link.not-valid',
            message: 'This link is not valid. Open the receipt mail, or sign in to see your purchases.',
          },
        ),
        404,
        { 'cache-control': 'no-store' },
      )
    const target = new URL(deps.orderLink(link))
    target.searchParams.set('sms', token)
    return c.redirect(target.href, 302)
  })

  return app
}
