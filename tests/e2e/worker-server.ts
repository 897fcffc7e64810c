import { rmSync } from 'node:fs'
import { startBuiltServer } from '../support/process'
import { e2eDataDir, WORKER_ENV } from './data-template'

/** A Playwright worker's own Soko: the built server with demo data and its data folder. */
export interface WorkerServer {
  url: string
  dataDir: string
  /** Stops the server by PID; throws if it ended badly or broke a rule. */
  stop(): Promise<void>
}

/**
 * Starts the built server (dist/server, as `npm start` runs it) on a free port with a fresh data folder
 * holding the demo data (a copy of the suite's template), asking the geo stand-in at `geoUrl`, for one Playwright worker: workers never share
 * a server, so their specs cannot see each other's sales, mails or rate limits.
 */
export async function startWorkerServer(geoUrl: string): Promise<WorkerServer> {
  const dataDir = e2eDataDir()
  const server = await startBuiltServer(dataDir, {
    GEO_URL: `${geoUrl}/json/`,
    // The suite buys many times from one address and one sandbox phone within minutes; sales can be
    // withdrawn at once, to a destination added a moment ago (payouts.spec).
    ...WORKER_ENV,
    // Webhooks reach the spec's receiver on this machine, and are retried within seconds (webhooks.spec).
    WEBHOOKS_ALLOW_LOOPBACK: 'on',
    WEBHOOK_TIMEOUT_MS: '3000',
    WEBHOOK_RETRY_BASE_MS: '1000',
    WEBHOOK_RETRY_MAX_MS: '2000',
  })
  return {
    url: server.url,
    dataDir,
    async stop() {
      const code = await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
      if (code !== 0) throw new Error(`The server exited with ${code} on SIGTERM:\n${server.output()}`)
      // The transaction guard is on (tests/support/process.ts): a violation the worker's journeys caused
      // fails the run even when the page it happened under went on.
      const violations = server.output().match(/.*TransactionGuardError.*/g)
      if (violations) throw new Error(`The transaction guard found violations:\n${violations.join('\n')}`)
    },
  }
}
