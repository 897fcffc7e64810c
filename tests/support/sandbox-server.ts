import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { type Env, Hono } from 'hono'
import type { Database } from '../../server/db/client'
import { createLogger, type Logger } from '../../server/lib/log'
import { type SandboxDeps, sandboxDeps } from '../../server/payments/sandbox/sandbox-deps'
import { testConfig } from './config'
import { type DatabaseKind, openTestDatabase } from './db'

/** A simulator as served: a Hono app, and idle() to wait for what it is still delivering. */
type Sandbox<E extends Env> = Hono<E> & { idle(): Promise<void> }

/** A POST that reached /hooks/…: a webhook, a callback, a result or a confirmation, as sent. */
export interface Hook {
  path: string
  headers: Headers
  body: string
}

export interface SandboxServer {
  url: string
  database: Database
  deps: SandboxDeps
  /** Every POST to /hooks/…, in the order they arrived. */
  hooks: Hook[]
  /** Waits for the sandboxes' deliveries, then stops the server and closes the database. */
  close(): Promise<void>
}

/**
 * Simulators on a fresh database, on a free loopback port, next to /hooks/*, which records whatever they
 * post there and answers 204. `mount` makes them from their deps and names each one's path.
 */
export async function startSandboxServer<E extends Env>(
  kind: DatabaseKind,
  mount: (deps: SandboxDeps) => Record<string, Sandbox<E>>,
  options: { log?: Logger } = {},
): Promise<SandboxServer> {
  const database = await openTestDatabase(kind)
  // Listen first: the sandboxes' links and the webhook addresses need the port.
  let handle: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 503 })
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: (request) => handle(request), hostname: '127.0.0.1', port: 0 }, () => resolve(s))
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const deps = sandboxDeps({
    db: database.db,
    payments: testConfig().payments,
    publicUrl: url,
    log: options.log ?? createLogger('silent'),
  })
  const sandboxes = mount(deps)
  const hooks: Hook[] = []
  const app = new Hono()
  for (const [path, sandbox] of Object.entries(sandboxes)) app.route(path, sandbox)
  app.post('/hooks/*', async (c) => {
    hooks.push({ path: c.req.path, headers: c.req.raw.headers, body: await c.req.text() })
    return c.body(null, 204)
  })
  handle = app.fetch
  return {
    url,
    database,
    deps,
    hooks,
    async close() {
      for (const sandbox of Object.values(sandboxes)) await sandbox.idle()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await database.close()
    },
  }
}

/** Submits a page's form, as a browser would, and answers the redirect or the page. */
export async function submitForm(pageUrl: string | URL, fields: Record<string, string>) {
  const res = await fetch(pageUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
  return { status: res.status, location: res.headers.get('location'), html: await res.text() }
}
