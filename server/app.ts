import { Hono } from 'hono'
import { apiRoutes } from './api/router'
import { orderLinkWithKey } from './features/checkout'
import { invoiceRoutes } from './features/invoices'
import { translate } from './lib/i18n'
import { paymentEvents } from './payment-events'
import type { Fetch } from './payments/payments'
import { sandboxRoutes } from './payments/sandbox/sandbox'
import { rpcBodyLimit, rpcDispatcher, rpcHandler } from './rpc/dispatcher'
import { createServices, type ServiceChoices } from './services'
import { smsReportUrl, smsRoutes } from './sms/sms.routes'
import { jsonBodyGuard, requestDeadline, SERVER_ERROR } from './web/guards'
import { healthRoutes } from './web/health'
import { keepLinkedCode } from './web/linked-code'
import { rpcOverNode as nodeRpc } from './web/listener'
import { contextLang } from './web/locale'
import { plainPageMarkup, plainRoutes } from './web/plain'
import { requestIds, requestLog } from './web/request-log'
import { securityHeaders } from './web/security-headers'
import { createSite } from './web/site'

export { HEALTH_PING_MS } from './web/health'

export type AppEnv = { Variables: { requestId: string } }

/** What the app is made of: the configuration, the database and the log, and any service given instead. */
export type AppDeps = Omit<ServiceChoices, 'fetch'>

/**
 * Builds the whole HTTP app without listening, so tests can drive it directly: the app's services, then
 * what every request passes through, then each part of the site where it is mounted.
 */
export function createApp(deps: AppDeps) {
  const { config, database, log } = deps
  const app = new Hono<AppEnv>()
  // The sandboxes are this server: calls to them (and their callbacks to /hooks/) are handed to the app
  // in this process, so they never depend on the listening socket — a stopping server that no longer
  // accepts connections still finishes the checkouts it has begun.
  const origin = new URL(config.publicUrl).origin
  const local: Fetch = (input, init) => {
    const request = new Request(input, init)
    return new URL(request.url).origin === origin ? Promise.resolve(app.fetch(request)) : fetch(request)
  }
  const services = createServices({ ...deps, fetch: local })
  const { storage, gateway, sms } = services
  // The pages that work without script share the site's styles; the site shows their markup in its pages.
  const plain = { services, style: () => site.style }
  const site = createSite(services, database.catalogVersion, (c) => plainPageMarkup(plain, c))
  const newRequestId = requestIds()

  // Every request: an id, the security headers, a deadline; what providers and the sandboxes' APIs are
  // sent is held to a size and a depth before it is read.
  app.use(requestLog(log, newRequestId))
  app.use(securityHeaders(config, () => site.policy))
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
  app.use('/hooks/*', ...jsonBodyGuard)
  app.use('/sandbox/*', ...jsonBodyGuard)
  app.use(keepLinkedCode(config.publicUrl.startsWith('https:')))

  // POST /: the RPC calls. The server takes them off Node's request itself (web/listener.ts), with the
  // same dispatcher; this route answers calls made in process.
  const dispatch = rpcDispatcher(services)
  app.post('/', rpcBodyLimit, rpcHandler(dispatch))
  const rpcOverNode = nodeRpc({ dispatch, newRequestId, https: config.publicUrl.startsWith('https:'), log })
  // /files/: uploads and signed downloads.
  app.route('/', storage.routes(log))
  // /hooks/: the providers' callbacks and webhooks, each message routed to what it settles.
  app.route('/hooks', gateway.hooks(paymentEvents(services)))
  // /invoices/{id}.pdf and /i/{token}: an invoice's PDF and its short link; /hooks/sms/…: SMS delivery
  // reports; /o/{token}: the receipt SMS's link to its order.
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
  // /sandbox/: the providers' simulators, where a provider has no live keys.
  const sandboxes = sandboxRoutes({
    db: database.db,
    config,
    log,
    fetch: local,
    smsReportUrl: smsReportUrl(config.publicUrl, gateway),
  })
  app.route('/sandbox', sandboxes.routes)
  app.route('/', healthRoutes(database, site.buildId, log))
  // /api/v1: the seller API, for the seller whose key is sent.
  app.route('/api/v1', apiRoutes(services))
  // /buy/…, /login and /logout posted: buying and signing in without script.
  app.route('/', plainRoutes(plain))
  // Last: the build's files (/builds/ too), the pages and their data answer every other GET.
  app.route('/', site.routes)

  app.onError((error, c) => {
    const requestId = c.get('requestId')
    log.error('unhandled error', { requestId, path: c.req.path, error })
    return c.text(translate(contextLang(c), SERVER_ERROR, { requestId }), 500)
  })

  // index.ts runs the background jobs with the same services (the sandboxes reached in-process), and
  // waits for the sandboxes' deliveries before it closes the database.
  return Object.assign(app, {
    services,
    sandboxesIdle: sandboxes.idle,
    sandboxBilling: sandboxes.billDue ?? null,
    rpcOverNode,
    warmRenderer: site.warm,
  })
}
