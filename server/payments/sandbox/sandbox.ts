import { Hono } from 'hono'
import type { Db } from '../../db/client'
import type { Config } from '../../env'
import type { Logger } from '../../lib/log'
import { africasTalkingSandbox } from '../../sms/africastalking.sandbox'
import type { Fetch } from '../payments'
import { clockSandbox } from './clock.sandbox'
import { developerPages } from './developer-pages'
import { mpesaSandbox } from './mpesa'
import { paypalSandbox } from './paypal'
import { sandboxDeps } from './sandbox-deps'
import { stripeSandbox } from './stripe'

/** The sandboxes' routes, to mount at /sandbox, and how to wait for what they are delivering. */
export interface Sandboxes {
  routes: Hono
  /** Resolves once the callbacks and webhooks under way have been delivered (a stopping server waits). */
  idle(): Promise<void>
  /** Bills the PayPal sandbox's subscription cycles that are due (absent with live PayPal keys). */
  billDue?: () => Promise<number>
}

/**
 * The simulator of each provider that has no live keys, at /{provider} under where the routes are mounted
 * (/sandbox; SMS included). A provider with real keys has no sandbox routes: they answer 404 like any
 * unknown path. The clock control (/clock) is there only while every provider is in sandbox mode.
 */
export function sandboxRoutes(opts: {
  db: Db
  config: Config
  log: Logger
  fetch?: Fetch
  smsReportUrl: string
}): Sandboxes {
  const deps = sandboxDeps({
    db: opts.db,
    payments: opts.config.payments,
    publicUrl: opts.config.publicUrl,
    log: opts.log,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  })
  const { mpesa, paypal, card } = opts.config.payments
  const routes = new Hono()
  // First: each sandbox's home page, ahead of the sandboxes' own answers to paths they do not know.
  routes.route('/', developerPages(opts.config))
  const mounted: { idle(): Promise<void> }[] = []
  let billDue: Sandboxes['billDue']
  if (!mpesa.live) {
    const sandbox = mpesaSandbox(deps)
    routes.route('/mpesa', sandbox)
    mounted.push(sandbox)
  }
  if (!paypal.live) {
    const sandbox = paypalSandbox(deps)
    routes.route('/paypal', sandbox)
    mounted.push(sandbox)
    billDue = sandbox.billDue
  }
  if (!opts.config.sms.live) {
    const sandbox = africasTalkingSandbox({ ...deps, sms: opts.config.sms, reportUrl: opts.smsReportUrl })
    routes.route('/africastalking', sandbox)
    mounted.push(sandbox)
  }
  if (!card.live) {
    const sandbox = stripeSandbox(deps)
    routes.route('/stripe', sandbox)
    mounted.push(sandbox)
  }
  // Moving the clock is for a server where no money and no message is real.
  if (!mpesa.live && !paypal.live && !card.live && !opts.config.sms.live)
    routes.route('/clock', clockSandbox(opts.log))
  return {
    routes,
    ...(billDue ? { billDue } : {}),
    idle: async () => {
      await Promise.all(mounted.map((sandbox) => sandbox.idle()))
    },
  }
}
