import { Hono } from 'hono'
import { createLogger } from '../../server/lib/log'
import { mpesaSandbox } from '../../server/payments/sandbox/mpesa'
import { paypalSandbox } from '../../server/payments/sandbox/paypal'
import { stripeSandbox } from '../../server/payments/sandbox/stripe'
import { africasTalkingSandbox } from '../../server/sms/africastalking.sandbox'
import { testConfig } from '../support/config'
import { type SandboxServer, startSandboxServer } from '../support/sandbox-server'

/** What the sandboxes logged, one JSON line each, for tests that check what was (not) warned about. */
export interface SdkSandboxes extends SandboxServer {
  logs: string[]
}

/**
 * Every sandbox on a fresh PGlite database and a free loopback port, mounted where Soko mounts them
 * (/sandbox/mpesa, /sandbox/paypal, /sandbox/stripe, /sandbox/africastalking), for the providers' own
 * client libraries to call. What the sandboxes post to /hooks/… is recorded, not delivered.
 */
export async function startSdkSandboxes(): Promise<SdkSandboxes> {
  const logs: string[] = []
  const server = await startSandboxServer(
    'pglite',
    (deps) => {
      const sandboxes = {
        mpesa: mpesaSandbox(deps),
        paypal: paypalSandbox(deps),
        stripe: stripeSandbox(deps),
        africastalking: africasTalkingSandbox({
          ...deps,
          sms: testConfig().sms,
          reportUrl: `${deps.publicUrl}/hooks/sms/reports`,
        }),
      }
      const routes = new Hono()
      routes.route('/mpesa', sandboxes.mpesa)
      routes.route('/paypal', sandboxes.paypal)
      routes.route('/stripe', sandboxes.stripe)
      routes.route('/africastalking', sandboxes.africastalking)
      const idle = async () => {
        await Promise.all(Object.values(sandboxes).map((sandbox) => sandbox.idle()))
      }
      return { '/sandbox': Object.assign(routes, { idle }) }
    },
    { log: createLogger('info', (line) => logs.push(line)) },
  )
  return Object.assign(server, { logs })
}
