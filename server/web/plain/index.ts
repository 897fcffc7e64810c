import type { Context } from 'hono'
import { Hono } from 'hono'
import { productPage } from '../../features/catalog'
import { bundleRoutes } from './bundle.routes'
import { buyRoutes } from './buy.routes'
import { stepMain } from './buy-steps'
import { doorEventsMain, doorMain, outcomeOf } from './door'
import { doorRoutes } from './door.routes'
import { invoiceRoutes, payPageMain } from './invoice.routes'
import { joinRoutes } from './join.routes'
import { type PlainKit, type PlainRequest, plainMarkup, plainRequest } from './kit'
import { libraryMain } from './library'
import { orderRoutes } from './order.routes'
import { recoveryRoutes } from './recovery.routes'
import { referenceRoutes } from './reference.routes'
import { sessionRoutes } from './session.routes'

export type { PlainKit } from './kit'

/**
 * The forms and pages that work without script: buying, an order's page, paying an invoice, signing in
 * and out, checking a ticket in at the door; and the seller API's reference.
 */
export function plainRoutes(kit: PlainKit) {
  const app = new Hono()
  app.route('/', bundleRoutes(kit))
  app.route('/', buyRoutes(kit))
  app.route('/', joinRoutes(kit))
  app.route('/', orderRoutes(kit))
  app.route('/', invoiceRoutes(kit))
  app.route('/', sessionRoutes(kit))
  app.route('/', doorRoutes(kit))
  app.route('/', referenceRoutes(kit))
  app.route('/', recoveryRoutes(kit))
  return app
}

/** A page of the app that has a plain version: its path pattern, and its content for the request. */
interface PlainPage {
  path: RegExp
  main(kit: PlainKit, req: PlainRequest, match: RegExpExecArray): Promise<string | null>
}

/** The app's pages that a browser without script gets as plain HTML inside the app's own page. */
const PLAIN_PAGES: PlainPage[] = [
  {
    path: /^\/(downloads|account\/downloads|account\/purchases)\/?$/,
    main: (kit, req) => libraryMain(kit, req),
  },
  // A service's booking page: its free times, the plain checkout's first step.
  {
    path: /^\/book\/([^/]+)\/?$/,
    main: async (kit, req, match) => {
      let slug: string
      try {
        slug = decodeURIComponent(match[1] ?? '')
      } catch {
        return null
      }
      const page = await productPage(kit.services.db, slug)
      if (page?.product.kind !== 'service') return null
      const fields = Object.fromEntries(new URL(req.c.req.url).searchParams)
      return (await stepMain(kit, req, page, 'choose', { fields, errors: {}, message: null })).main
    },
  },
  { path: /^\/account\/check-in\/?$/, main: (kit, req) => doorEventsMain(kit, req) },
  {
    path: /^\/account\/check-in\/([^/]+)\/?$/,
    main: (kit, req, match) => doorMain(kit, req, match[1] ?? '', outcomeOf(req)),
  },
  // An invoice's pay link (the site shows it only for a link that opens one), or the form that finds one.
  { path: /^\/p\/?$/, main: (kit, req) => payPageMain(kit, req) },
]

/** The plain version of an app page, for the site to put in the page's root (the app replaces it). */
export async function plainPageMarkup(kit: PlainKit, c: Context) {
  const path = c.req.path
  for (const page of PLAIN_PAGES) {
    const match = page.path.exec(path)
    if (!match) continue
    const req = await plainRequest(kit, c)
    const main = await page.main(kit, req, match)
    // The site sets the language's cookie itself.
    const cookies = req.cookies.filter((cookie) => !cookie.startsWith('lang='))
    return main === null ? null : { markup: plainMarkup(req, main), cookies }
  }
  return null
}
