import type { Hono } from 'hono'
import type { Db } from '../../db/client'
import type { Config } from '../../env'
import type { Logger } from '../../lib/log'
import { africasTalkingSandbox } from '../../sms/africastalking.sandbox'
import type { Fetch } from '../payments'
import { clockSandbox } from './clock.sandbox'
import { mpesaSandbox } from './mpesa'
import { paypalSandbox } from './paypal'
import { sandboxDeps } from './sandbox-deps'
import { stripeSandbox } from './stripe'

/**
 * Mounts the simulator of each provider that has no live keys under /sandbox/{provider} (SMS included). A provider with
 * real keys has no sandbox routes: they answer 404 like any unknown path. The clock control (/sandbox/clock)
 * is there only while every provider is in sandbox mode. Returns idle(): resolves once
 * the callbacks and webhooks under way have been delivered, so a stopping server can wait for them.
 */
export function mountSandboxes(
  app: Hono,
  opts: { db: Db; config: Config; log: Logger; fetch?: Fetch; smsReportUrl: string },
): () => Promise<void> {
  const deps = sandboxDeps({
    db: opts.db,
    payments: opts.config.payments,
    publicUrl: opts.config.publicUrl,
    log: opts.log,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  })
  const { mpesa, paypal, card } = opts.config.payments
  const mounted: { idle(): Promise<void> }[] = []
  if (!mpesa.live) {
    const sandbox = mpesaSandbox(deps)
    app.route('/sandbox/mpesa', sandbox)
    mounted.push(sandbox)
  }
  if (!paypal.live) {
    const sandbox = paypalSandbox(deps)
    app.route('/sandbox/paypal', sandbox)
    mounted.push(sandbox)
  }
  if (!opts.config.sms.live) {
    const sandbox = africasTalkingSandbox({ ...deps, sms: opts.config.sms, reportUrl: opts.smsReportUrl })
    app.route('/sandbox/africastalking', sandbox)
    mounted.push(sandbox)
  }
  if (!card.live) {
    const sandbox = stripeSandbox(deps)
    app.route('/sandbox/stripe', sandbox)
    mounted.push(sandbox)
  }
  // Moving the clock is for a server where no money and no message is real.
  if (!mpesa.live && !paypal.live && !card.live && !opts.config.sms.live)
    app.route('/sandbox/clock', clockSandbox(opts.log))
  return async () => {
    await Promise.all(mounted.map((sandbox) => sandbox.idle()))
  }
}
