import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { type Context, Hono } from 'hono'
import type { PlatformTerms } from '../contract/platform-terms.contract'
import { payloadPath } from '../contract/runtime'
import type { Database } from './db/client'
import { orderLinkWithKey } from './features/checkout/mails'
import { invoiceRoutes, payPageHead } from './features/invoices/invoices.routes'
import { paymentEvents } from './payment-events'
import type { Fetch } from './payments/payments'
import { mountSandboxes } from './payments/sandbox/sandbox'
import { rpcBodyLimit, rpcDispatcher, rpcHandler } from './rpc/dispatcher'
import { createServices, type ServiceChoices } from './services'
import { smsReportUrl, smsRoutes } from './sms/sms.routes'
import { CatalogCache } from './web/catalog-cache'
import { fillFigures, PageFigureFiller } from './web/figures'
import { jsonBodyGuard, requestDeadline } from './web/guards'
import { runtimeSettings } from './web/html'
import { rpcOverNode as nodeRpc, requestIdOf } from './web/listener'
import { pageLocale } from './web/locale'
import { loadPrerendered, loadRouteScripts, Pages } from './web/pages'
import { appContentSecurityPolicy, securityHeaders } from './web/security-headers'
import { ServerRenderer } from './web/ssr'
import { type Asset, loadAssets, makeLazyAsset, negotiate } from './web/static'
import { isCatalogPage, publicData } from './web/storefront'

export type AppEnv = { Variables: { requestId: string } }

/** What the app is made of: the configuration, the database and the log, and any service given instead. */
export type AppDeps = Omit<ServiceChoices, 'fetch'>

/** Paths the server owns: never answered with the app's HTML. */
const SERVER_OWNED = /^\/(files|hooks|builds|sandbox|assets|icons|o|i|invoices)\/|\/_payload\.json$/

/** Builds the whole HTTP app without listening, so tests can drive it directly. */
export function createApp(deps: AppDeps) {
  const { config, database, log } = deps
  const app = new Hono<AppEnv>()
  // The sandboxes are this server: calls to them (and their callbacks to /hooks/) are handed to the app
  // in this process, so they never depend on the listening socket — a stopping server that no longer
  // accepts connections still finishes the checkouts it has begun.
  const site = new URL(config.publicUrl).origin
  const local: Fetch = (input, init) => {
    const request = new Request(input, init)
    return new URL(request.url).origin === site ? Promise.resolve(app.fetch(request)) : fetch(request)
  }
  const services = createServices({ ...deps, fetch: local })
  const { terms, storage, gateway, sms } = services
  const assets = loadAssets(config.clientDir)
  const template = assets.get('/index.html')
  const buildId = readBuildId(assets)
  const prerendered = loadPrerendered(path.join(path.dirname(config.clientDir), 'prerendered'))
  // The build's words for the home page: answered with the products of the moment added, never as a file.
  const homePayloadPath = payloadPath('/')
  const homeText = takeAsset(assets, homePayloadPath)
  const wordsOf = (next: PlatformTerms) =>
    homeText === undefined ? undefined : (JSON.parse(fillFigures(homeText, { terms: next })) as object)
  let homeWords = wordsOf(terms.defaults)
  // Catalog pages and payloads, made once per address until the catalog changes on any instance.
  const catalogAnswers = new CatalogCache<Answer | null>(database.catalogVersion)
  // The marketing pages state the fee and the hold: filled with the terms in force, again on each change.
  const figures = new PageFigureFiller(assets, prerendered)
  figures.fill({ terms: terms.defaults })
  terms.onChange((next) => {
    figures.fill({ terms: next })
    homeWords = wordsOf(next)
    catalogAnswers.clear()
    pages?.forget()
  })
  const statesFigures = (urlPath: string) =>
    figures.states(urlPath) || urlPath === '/' || urlPath === homePayloadPath
  const pages = template
    ? new Pages(
        template.body.toString('utf8'),
        prerendered,
        runtimeSettings(config, buildId),
        loadRouteScripts(path.dirname(config.clientDir)),
      )
    : null
  // The service worker's offline shell: the same page with no route's head in it.
  if (pages) assets.set('/index.html', pages.shellAsset())
  // One policy for all the app's pages: its inline scripts are the build's own, the same in every page.
  const appPolicy = appContentSecurityPolicy(config, pages?.scriptHashes() ?? [])

  const renderer = new ServerRenderer(config.rootDir, config.clientDir, log)
  const newRequestId = requestIds()

  app.use(async (c, next) => {
    const requestId = requestIdOf(c.req.header('x-request-id'), newRequestId)
    c.set('requestId', requestId)
    // Set before the handler runs: changing headers afterwards makes Hono rebuild the Response, and a
    // Fetch Response cannot carry our session-expired status 600.
    c.header('x-request-id', requestId)
    const start = performance.now()
    await next()
    log.debug('request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - start),
    })
  })

  app.use(securityHeaders(config, () => appPolicy))
  // No request waits for ever on a database that stopped answering. RPC calls have their own deadline
  // (the dispatcher's, which words the answer by the call's kind), and /healthz its own, shorter one;
  // files stream and uploads read long.
  app.use(
    requestDeadline({
      ms: config.requestDeadlineMs,
      log,
      skip: (path, method) =>
        path.startsWith('/files/') || path === '/healthz' || (path === '/' && method === 'POST'),
    }),
  )
  // What providers and the sandboxes' APIs are sent is held to a size and a depth before it is read.
  app.use('/hooks/*', ...jsonBodyGuard)
  app.use('/sandbox/*', ...jsonBodyGuard)

  const dispatch = rpcDispatcher(services)
  app.post('/', rpcBodyLimit, rpcHandler(dispatch))
  // The server takes calls off Node's request itself (web/listener.ts), with the same dispatcher.
  const rpcOverNode = nodeRpc({ dispatch, newRequestId, https: config.publicUrl.startsWith('https:'), log })
  app.route('/', storage.routes(log))
  app.route('/hooks', gateway.hooks(paymentEvents(services)))
  app.route('/', invoiceRoutes(services))
  app.route(
    '/',
    smsRoutes({
      db: database.db,
      sms,
      gateway,
      log,
      orderLink: (order) => orderLinkWithKey(services, order),
    }),
  )
  const sandboxesIdle = mountSandboxes(app as unknown as Hono, {
    db: database.db,
    config,
    log,
    fetch: local,
    smsReportUrl: smsReportUrl(config.publicUrl, gateway),
  })

  const ping = sharedPing(database)
  app.get('/healthz', async (c) => {
    try {
      const latencyMs = await ping()
      return c.json({
        status: 'ok',
        build: buildId,
        database: { driver: database.driver, ok: true, latencyMs },
      })
    } catch (error) {
      log.error('health check: database did not answer', { error })
      return c.json(
        { status: 'error', build: buildId, database: { driver: database.driver, ok: false } },
        503,
      )
    }
  })

  app.get('*', async (c) => {
    const path = c.req.path
    // A page stating the fee or the hold: the terms are read (kept for a second) before it is answered.
    if (statesFigures(path)) await terms.get()
    const asset = assets.get(path)
    if (asset) return sendAsset(c, asset)
    const url = new URL(c.req.url)
    const params = url.searchParams
    if (path.endsWith('/_payload.json')) {
      const pagePath = path.slice(0, -'/_payload.json'.length) || '/'
      const answer = isCatalogPage(pagePath)
        ? await catalogAnswers.get(`payload ${pagePath}${url.search}`, async () => {
            const data = await publicData(database.db, pagePath, params, config.publicUrl, homeWords)
            return data ? payloadAnswer(data.payload) : null
          })
        : null
      return sendAnswer(c, answer ?? NO_PAYLOAD)
    }
    if (SERVER_OWNED.test(path)) return c.text('Not found', 404, { 'cache-control': 'no-store' })
    if (!pages)
      return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503, {
        'retry-after': '5',
      })
    // An invoice's pay link: its share card says who bills how much; a link naming nothing is a 404.
    if (path === '/p') {
      const page = pages.renderWithHead(path, await payPageHead(services, params))
      return sendAsset(c, page.asset, page.status, 'no-store')
    }
    // Catalog pages: their head (share card), first data and markup come from the database and the
    // server renderer, made again only when the catalog has changed since.
    // Written in the visitor's language (prices, dates), which the page names for the app.
    const locale = isCatalogPage(path) ? pageLocale(c.req.header('accept-language')) : null
    const catalogPage = locale
      ? await catalogAnswers.get(`page ${path}${url.search} ${locale}`, async () => {
          const data = await publicData(database.db, path, params, config.publicUrl, homeWords)
          if (data === undefined) return null
          const markup = data ? await renderer.render(`${path}${url.search}`, data.payload, locale) : null
          return { ...pages.renderData(path, data, markup, locale), byLanguage: true }
        })
      : null
    if (catalogPage) return sendAnswer(c, catalogPage)
    // The status tells crawlers and people with scripts off what a path is; the head, what the page is.
    const page = pages.render(path)
    return sendAsset(c, page.asset, page.status)
  })

  app.onError((error, c) => {
    const requestId = c.get('requestId')
    log.error('unhandled error', { requestId, path: c.req.path, error })
    return c.text(`Something went wrong on our side (request ${requestId}).`, 500)
  })

  // index.ts runs the background jobs with the same checkout services (the sandboxes reached in-process),
  // and waits for the sandboxes' deliveries before it closes the database.
  return Object.assign(app, {
    services,
    sandboxesIdle,
    rpcOverNode,
    warmRenderer: () => renderer.warm(),
  })
}

/** How long /healthz waits for the database before it says the database is not answering. */
export const HEALTH_PING_MS = 2_000

/**
 * The database's ping, given up after HEALTH_PING_MS; checks that come while one is under way share it, so
 * a health checker polling a database that hangs does not pile up queries behind it.
 */
function sharedPing(database: Database): () => Promise<number> {
  let running: Promise<number> | null = null
  return () => {
    running ??= database.ping().finally(() => {
      running = null
    })
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the database did not answer within ${HEALTH_PING_MS} ms`)),
        HEALTH_PING_MS,
      )
    })
    return Promise.race([running, late]).finally(() => clearTimeout(timer))
  }
}

/** An answer kept for many requests: its bytes (compressed as asked, once) and its status. */
interface Answer {
  asset: Asset
  status: 200 | 404
  /** Written in the language the request asked for: a cache in front must keep one per language. */
  byLanguage?: boolean
}

/** A page's data as JSON, always revalidated: a changed price must show at once, an unchanged one is a 304. */
function payloadAnswer(payload: unknown): Answer {
  return {
    asset: makeLazyAsset('/_payload.json', Buffer.from(JSON.stringify(payload)), 'no-cache'),
    status: 200,
  }
}

const NO_PAYLOAD: Answer = {
  asset: makeLazyAsset(
    '/_payload.json',
    Buffer.from(JSON.stringify({ message: 'There is nothing here.' })),
    'no-cache',
  ),
  status: 404,
}

function sendAnswer(c: Context, answer: Answer) {
  return sendAsset(c, answer.asset, answer.status, answer.asset.cacheControl, answer.byLanguage)
}

function sendAsset(
  c: Context,
  asset: Asset,
  status: 200 | 404 = 200,
  cacheControl = asset.cacheControl,
  byLanguage = false,
) {
  const headers: Record<string, string> = {
    'content-type': asset.type,
    'cache-control': cacheControl,
    etag: asset.etag,
  }
  const vary = [
    asset.br || asset.gzip || asset.lazy ? 'Accept-Encoding' : '',
    byLanguage ? 'Accept-Language' : '',
  ]
  if (vary.some(Boolean)) headers.vary = vary.filter(Boolean).join(', ')
  if (
    status === 200 &&
    c.req
      .header('if-none-match')
      ?.split(/\s*,\s*/)
      .includes(asset.etag)
  )
    return c.body(null, 304, headers)
  const { body, encoding } = negotiate(asset, c.req.header('accept-encoding') ?? '')
  if (encoding) headers['content-encoding'] = encoding
  return c.body(
    new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>,
    status,
    headers,
  )
}

/** A file of the build as text, taken out of the files served as they are; undefined when absent. */
function takeAsset(assets: Map<string, Asset>, name: string): string | undefined {
  const asset = assets.get(name)
  if (!asset) return undefined
  assets.delete(name)
  return asset.body.toString('utf8')
}

/** Request ids: 6 random bytes each, drawn from a pool filled a thousand at a time rather than per request. */
function requestIds(): () => string {
  let pool = Buffer.alloc(0)
  let at = 0
  return () => {
    if (at + 6 > pool.length) {
      pool = randomBytes(6 * 1024)
      at = 0
    }
    at += 6
    return pool.toString('hex', at - 6, at)
  }
}

function readBuildId(assets: Map<string, Asset>): string {
  const latest = assets.get('/builds/latest.json')
  if (!latest) return 'dev'
  try {
    return (JSON.parse(latest.body.toString('utf8')) as { id: string }).id
  } catch {
    return 'dev'
  }
}
