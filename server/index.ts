import { createServer } from 'node:http'
import { type AddressInfo, Server as NetServer } from 'node:net'
import { createApp } from './app'
import { prepare, startupLines } from './boot'
import { DataDirLockedError } from './db/lock'
import { ConfigError, loadConfig } from './env'
import { webhookDeliveryJob } from './features/webhooks'
import { queuePaybillRegistration } from './jobs/paybill.job'
import { createJobRunner } from './jobs/runner'
import { sandboxBillingJob } from './jobs/sandbox.job'
import { serverJobs } from './jobs/server-jobs'
import { createLogger } from './lib/log'
import { queuedConnections } from './web/accept-queue'
import { requestListener } from './web/listener'

/** How long a connection may stay open with no request on it. */
const KEEP_ALIVE_MS = 65_000

/** The longest a stopping server goes on accepting connections already on their way (within its drain). */
const ACCEPT_MS = 10_000
/** How long no connection must have come before a stopping server stops listening. */
const QUIET_MS = 50
/** How long a stopping server with nothing in flight waits for requests still being read. */
const IDLE_MS = 500
/** How long closing the database may take once everything else has ended. */
const CLOSE_MS = 5_000

// Listening only: everything else is built by createApp() so tests can build it without a socket.
async function main() {
  // This entry runs Soko for real: React's server renderer (loaded with the first catalog page) and the
  // libraries that look at it use their production code unless told otherwise.
  process.env.NODE_ENV ??= 'production'
  const config = loadConfig()
  const log = createLogger(config.logLevel)
  const { database, storage, demo } = await prepare(config, log)
  const app = createApp({ config, database, log, storage })
  // Background work runs beside the app, not inside it, so tests build apps without it; every instance
  // runs one runner and they share the jobs through the database.
  const jobs = createJobRunner({
    db: database.db,
    log,
    definitions: [
      ...serverJobs(app.services),
      ...(app.sandboxBilling ? [sandboxBillingJob(app.sandboxBilling)] : []),
    ],
    pollMs: config.jobs.pollMs,
    leaseMs: config.jobs.leaseMs,
  })
  // Webhook deliveries have their own runner and slots: endpoints that are slow to answer take turns
  // among themselves, never the slots of payments and payouts.
  const webhooks = createJobRunner({
    db: database.db,
    log,
    definitions: [webhookDeliveryJob(app.services)],
    pollMs: config.jobs.pollMs,
    leaseMs: config.jobs.leaseMs,
    concurrency: config.webhooks.concurrency,
  })
  const stopJobs = (opts?: { timeoutMs?: number }) =>
    Promise.all([jobs.stop(opts), webhooks.stop(opts)]).then(() => undefined)

  const server = createServer(requestListener(app))
  // A connection idle for up to a minute stays open (Node closes one after 5 s): a phone that comes back
  // within it skips a new handshake, and a client that keeps connections longer than 5 s (a browser, an
  // API client's pool) does not send a request down one Node is closing, which resets it — a reset POST
  // is not tried again. Proxies in front let theirs go first (deploy/nginx.conf).
  server.keepAliveTimeout = KEEP_ALIVE_MS
  server.headersTimeout = KEEP_ALIVE_MS + 1000
  server.listen(config.port, config.host, () => {
    const info = server.address() as AddressInfo
    const url = `http://${info.family === 'IPv6' ? `[${info.address}]` : info.address}:${info.port}`
    console.log(startupLines(config, url, demo).join('\n'))
    // Only once listening: a process that cannot listen exits without having claimed any job.
    jobs.start()
    webhooks.start()
    void app.warmRenderer()
    // Invoices sent before this start give the Paybill number out too: M-Pesa learns where to confirm
    // (a job, once for every instance; it registers only what M-Pesa has not been told yet).
    void queuePaybillRegistration(app.services)
  })

  server.on('error', async (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE'
        ? `Soko cannot listen on ${config.host}:${config.port}: the port is in use. Stop the other server or set PORT.`
        : `Soko cannot listen on ${config.host}:${config.port}: ${error.message}`,
    )
    await stopJobs()
    await database.close()
    process.exit(1)
  })

  // Requests being answered, and when the last connection came: a stop waits for both to settle.
  let inFlight = 0
  let lastConnectionAt = 0
  let lastRequestAt = 0
  let draining = false
  server.on('connection', () => {
    lastConnectionAt = Date.now()
  })
  server.on('request', (_req, res) => {
    inFlight++
    lastRequestAt = Date.now()
    // While stopping, no connection is kept for another request: each closes once answered.
    if (draining) res.setHeader('connection', 'close')
    res.on('close', () => inFlight--)
  })
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    draining = true
    const drainMs = config.drainMs
    const drainEnds = Date.now() + drainMs
    let waitingFor = 'requests in flight'
    // Whatever hangs (a request, a job, a database that stopped answering), the process ends: requests
    // and jobs get the drain time, closing the database a few seconds more, and then it exits anyway.
    const watchdog = setTimeout(() => {
      log.error('stopping took longer than it may: exiting without waiting further', {
        signal,
        waitingFor,
        ms: drainMs + CLOSE_MS,
      })
      process.exit(1)
    }, drainMs + CLOSE_MS)
    watchdog.unref()
    // No job is claimed from now on; those running finish while the requests do.
    const jobsStopped = stopJobs({ timeoutMs: drainMs }).catch((error: unknown) =>
      log.error('stopping the job runner failed', { error }),
    )
    log.info('stopping: finishing requests in flight', { signal })
    // Connections the system has already accepted for us wait in its queue until this process takes them,
    // which a busy process does slowly (one per turn of its event loop); shutting the door on them would
    // reset them. So listen on until nothing is in flight, no connection has come for a moment and the
    // system's queue for the port is empty (at most 10 s, for a balancer still sending traffic here).
    const port = (server.address() as AddressInfo | null)?.port ?? 0
    const acceptUntil = Math.min(Date.now() + ACCEPT_MS, drainEnds)
    do {
      await pause(QUIET_MS)
      // A timer fires before the event loop polls for I/O: on a process busy for longer than the pause,
      // connections and requests that came meanwhile are not seen yet. setImmediate runs after the next
      // poll, so they are taken (and counted) before deciding that none came.
      await new Promise((resolve) => setImmediate(resolve))
    } while (
      Date.now() < acceptUntil &&
      (inFlight > 0 || Date.now() - lastConnectionAt < QUIET_MS || queuedConnections(port) > 0)
    )
    // Stop listening, but leave the connections kept alive to `closeIdle` below. Node's http close() would
    // also close every connection that looks idle at once, and one whose next request has arrived but not
    // been read yet (a busy process reads late) looks idle: closing it would reset that request.
    NetServer.prototype.close.call(server, async () => {
      clearInterval(closeIdle)
      // Jobs, then callbacks the sandboxes are still sending (a job may have caused some), end before the
      // database closes.
      waitingFor = 'background jobs'
      await jobsStopped
      waitingFor = "the sandboxes' callbacks"
      await Promise.race([app.sandboxesIdle(), pause(Math.max(drainEnds - Date.now(), 0))])
      waitingFor = 'the database to close'
      const closed = await Promise.race([
        database.close().then(() => true),
        pause(CLOSE_MS).then(() => false),
      ])
      if (!closed) {
        log.error('the database did not close in time: exiting without closing it', { ms: CLOSE_MS })
        process.exit(1)
      }
      log.info('stopped')
      process.exit(0)
    })
    // Requests on open connections are answered (their connection then closes). Once none is in flight
    // and none has come for a while, connections left idle are closed: not sooner, as a connection whose
    // request is still being read counts as idle too. A request still running when the drain time is up
    // is cut off rather than keeping the process alive for ever.
    const force = setTimeout(
      () => {
        log.warn('requests still open when the drain time is up: closing their connections', { drainMs })
        if ('closeAllConnections' in server) server.closeAllConnections()
      },
      Math.max(drainEnds - Date.now(), 0),
    )
    force.unref()
    const closeIdle = setInterval(() => {
      const settled = inFlight === 0 && Date.now() - lastRequestAt > IDLE_MS
      if (settled && 'closeIdleConnections' in server) server.closeIdleConnections()
    }, 50)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message)
  else console.error('Soko could not start:', error)
  process.exit(1)
})
