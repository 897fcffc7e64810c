import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type { Database } from '../../server/db/client'
import { createLogger } from '../../server/lib/log'
import { createGateway, type Gateway } from '../../server/payments/gateway'
import type { Fetch } from '../../server/payments/payments'
import type { PaymentEvents } from '../../server/payments/provider'
import { sandboxRoutes } from '../../server/payments/sandbox/sandbox'
import { testConfig } from './config'
import { type DatabaseKind, openTestDatabase } from './db'

export interface ProviderHarness {
  database: Database
  gateway: Gateway
  /** The harness's own address: the sandboxes are under /sandbox/, the providers' hooks under /hooks/. */
  url: string
  /** Resolves once the sandboxes' callbacks under way have been delivered. */
  idle: () => Promise<void>
  close: () => Promise<void>
}

/**
 * The payment providers against the sandboxes, without the app: a server on a free port serving the
 * sandboxes and the providers' hooks, which tell `events` what they verified. `fetch` carries the
 * adapters' calls when a test wants to see or change them.
 */
export async function startProviderHarness(
  kind: DatabaseKind,
  events: PaymentEvents,
  opts: { fetch?: Fetch } = {},
): Promise<ProviderHarness> {
  const database = await openTestDatabase(kind)
  let handle: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 503 })
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: (r) => handle(r), hostname: '127.0.0.1', port: 0 }, () => resolve(s))
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soko-providers-'))
  const config = testConfig({ publicUrl: url, dataDir })
  const gateway = createGateway(config, opts.fetch ? { fetch: opts.fetch } : {})
  const app = new Hono()
  const sandboxes = sandboxRoutes({
    db: database.db,
    config,
    log: createLogger('silent'),
    smsReportUrl: `${config.publicUrl}/hooks/sms/unused`,
  })
  app.route('/sandbox', sandboxes.routes)
  const idle = sandboxes.idle
  app.route('/hooks', gateway.hooks(events))
  handle = app.fetch
  return {
    database,
    gateway,
    url,
    idle,
    close: async () => {
      await idle()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
