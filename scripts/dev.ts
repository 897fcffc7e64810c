// `npm run dev`: the app from Vite with hot reload, and the API, hooks, files and sandboxes from the server,
// on one port (PORT) and the same embedded database as `npm start` (DATA_DIR). `tsx watch` runs this file:
// a change to the server (or the contract) restarts it; a change to the app is hot-reloaded by Vite.

import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import pinoPretty from 'pino-pretty'
import { createServer as createVite } from 'vite'
import { payloadPath } from '../contract/runtime'
import { createApp } from '../server/app'
import { prepare, startupLines } from '../server/boot'
import { loadConfig } from '../server/env'
import { homeProducts } from '../server/features/catalog/storefront.service'
import { queuePaybillRegistration } from '../server/jobs/paybill.job'
import { createJobRunner } from '../server/jobs/runner'
import { serverJobs } from '../server/jobs/server-jobs'
import { createLogger } from '../server/lib/log'
import { fillFigures } from '../server/web/figures'
import { runtimeSettings, withRuntimeSettings } from '../server/web/html'
import { requestListener } from '../server/web/listener'

/**
 * What the server answers (and every form posted to it: the RPC, the plain pages'); everything else
 * (pages, modules, assets, hot reload) is Vite's.
 */
const SERVER_OWNED = /^\/(files|hooks|builds|sandbox|healthz|buy|p)\/|^\/healthz$|\/_payload\.json$/

const config = loadConfig()
// Lines a person reads while developing: coloured, local time, one event a line (JSON everywhere else).
const log = createLogger(config.logLevel, undefined, {
  pretty: pinoPretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', singleLine: true, sync: true }),
})
const { database, storage, demo } = await prepare(config, log)
const app = createApp({ config, database, log, storage })
const jobs = createJobRunner({
  db: database.db,
  log,
  definitions: serverJobs(app.services),
  pollMs: config.jobs.pollMs,
  leaseMs: config.jobs.leaseMs,
})
// The server's own listener: calls straight off Node's request, the rest through Hono.
const api = requestListener(app)

const http = createServer((req, res) => void route(req, res))
const vite = await createVite({
  root: config.rootDir,
  appType: 'custom',
  server: { middlewareMode: true, hmr: { server: http } },
})

async function route(req: IncomingMessage, res: ServerResponse) {
  const pathname = new URL(req.url ?? '/', 'http://soko.invalid').pathname
  let json = (await marketingPayloads()).get(pathname)
  // The home page's words come with the products of the moment, as the built server answers them.
  if (json && pathname === payloadPath('/'))
    json = JSON.stringify({ ...(JSON.parse(json) as object), ...(await homeProducts(database.db)) })
  if (json) {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    res.end(json)
    return
  }
  if (req.method === 'POST' || SERVER_OWNED.test(pathname)) return api(req, res)
  vite.middlewares(req, res, () => void page(req, res))
}

/**
 * The marketing pages' data, which the build writes as files, answered from its source (loaded through
 * Vite, so an edit shows on the next request).
 */
async function marketingPayloads(): Promise<Map<string, string>> {
  const content = (await vite.ssrLoadModule('/src/features/marketing/content.ts')) as {
    marketingPayloads: Record<string, unknown>
  }
  // The fee and the hold as the platform's terms have them now, as the built server writes them.
  const figures = { terms: await app.services.terms.get() }
  return new Map(
    Object.entries(content.marketingPayloads).map(([page, payload]) => [
      payloadPath(page),
      fillFigures(JSON.stringify(payload), figures),
    ]),
  )
}

/** A navigation Vite did not answer: the app's page, with this server's runtime settings in it. */
async function page(req: IncomingMessage, res: ServerResponse) {
  try {
    const template = readFileSync(path.join(config.rootDir, 'index.html'), 'utf8')
    const html = await vite.transformIndexHtml(req.url ?? '/', template)
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    res.end(withRuntimeSettings(html, runtimeSettings(config, 'dev')))
  } catch (error) {
    vite.ssrFixStacktrace(error as Error)
    log.error('the page could not be made', { error })
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
    res.end(String(error))
  }
}

http.listen(config.port, config.host, () => {
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`
  console.log(
    [...startupLines(config, url, demo), '  (development: hot reload, server restarts on change)'].join('\n'),
  )
  jobs.start()
  // Invoices give the Paybill number out, and prompts that fail offer it: M-Pesa learns where to confirm.
  void queuePaybillRegistration(app.services)
})

// tsx watch stops this process before starting the new one: the database's lock must be let go.
let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  await jobs.stop({ timeoutMs: 5_000 })
  await vite.close()
  http.closeAllConnections()
  await new Promise<void>((resolve) => http.close(() => resolve()))
  await app.sandboxesIdle()
  await database.close()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
