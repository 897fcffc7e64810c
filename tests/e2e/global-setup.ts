import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SUITE_LIMITS } from '../support/config'
import { freePort } from '../support/net'
import { startServer } from '../support/process'

/** What the IP-geolocation service answers: the shape of the public service GEO_URL names by default. */
export const GEO_ANSWER = { ip: '197.248.0.1', city: 'Nairobi', country_code: 'KE', currency: 'KES' }

/** A stand-in for the geolocation service (GEO_URL), on loopback, with CORS as the real one sends. */
async function startGeoService() {
  let hits = 0
  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*')
    if (req.url === '/hits') {
      res.end(String(hits))
      return
    }
    hits++
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify(GEO_ANSWER))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/**
 * Starts the built server (dist/server, as `npm start` runs it) on a free port with a fresh data folder
 * and demo data; the tests read its address from SOKO_E2E_URL. Stopped by PID afterwards.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soko-e2e-'))
  const geo = await startGeoService()
  const server = await startServer({
    entry: 'built',
    env: {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      GEO_URL: `${geo.url}/json/`,
      // The suite buys many times from one address and one sandbox phone within minutes.
      ...SUITE_LIMITS,
      // Sales can be withdrawn at once, to a destination added a moment ago (payouts.spec).
      HOLD_DAYS: '0',
      PAYOUT_NEW_METHOD_WAIT_HOURS: '0',
    },
  })
  process.env.SOKO_E2E_URL = server.url
  // The outbox is in the data folder: tests open mailed links from it.
  process.env.SOKO_E2E_DATA_DIR = dataDir
  process.env.SOKO_E2E_GEO_URL = geo.url
  return async () => {
    const code = await server.stop()
    await geo.close()
    rmSync(dataDir, { recursive: true, force: true })
    if (code !== 0) throw new Error(`The server exited with ${code} on SIGTERM:\n${server.output()}`)
    // The transaction guard is on (tests/support/process.ts): a violation the suite's journeys caused fails
    // the run even when the page it happened under went on.
    const violations = server.output().match(/.*TransactionGuardError.*/g)
    if (violations) throw new Error(`The transaction guard found violations:\n${violations.join('\n')}`)
  }
}
