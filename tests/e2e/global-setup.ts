import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../support/net'
import { startServer } from '../support/process'

/**
 * Starts the built server (dist/server, as `npm start` runs it) on a free port with a fresh data folder
 * and demo data; the tests read its address from SOKO_E2E_URL. Stopped by PID afterwards.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soko-e2e-'))
  const server = await startServer({
    entry: 'built',
    env: { DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: '', LOG_LEVEL: 'warn' },
  })
  process.env.SOKO_E2E_URL = server.url
  // The outbox is in the data folder: tests open mailed links from it.
  process.env.SOKO_E2E_DATA_DIR = dataDir
  return async () => {
    const code = await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
    if (code !== 0) throw new Error(`The server exited with ${code} on SIGTERM:\n${server.output()}`)
  }
}
