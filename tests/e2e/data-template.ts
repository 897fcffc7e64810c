import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SUITE_LIMITS } from '../support/config'
import { startBuiltServer } from '../support/process'

/** Where the global setup left the template data folder, for every worker to copy. */
const TEMPLATE_ENV = 'SOKO_E2E_DATA_TEMPLATE'

/**
 * What the suite's servers start with: the built server's settings for a worker (checkout limits for many
 * purchases in minutes, sales and new payout destinations usable at once). The demo data is seeded under
 * them, so they are the template's too.
 */
export const WORKER_ENV = {
  ...SUITE_LIMITS,
  HOLD_DAYS: '0',
  PAYOUT_NEW_METHOD_WAIT_HOURS: '0',
} as const

/**
 * A new data folder for one of the suite's servers: a copy of the template the global setup made (the
 * database migrated, the demo data seeded, its photos stored), so a server is ready in a couple of seconds
 * instead of migrating and seeding from nothing each time; an empty folder when there is none.
 */
export function e2eDataDir(prefix = 'soko-e2e-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  const template = process.env[TEMPLATE_ENV]
  if (template) cpSync(template, dir, { recursive: true })
  return dir
}

/**
 * Playwright's global setup: starts the built server once on a new folder, lets it migrate and seed the
 * demo data, stops it cleanly, and leaves the folder for the workers (they inherit the environment).
 * Returns the teardown that removes it.
 */
export default async function makeTemplate(): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'soko-e2e-template-'))
  const server = await startBuiltServer(dir, { ...WORKER_ENV })
  const code = await server.stop()
  if (code !== 0) throw new Error(`The template's server exited with ${code}:\n${server.output()}`)
  process.env[TEMPLATE_ENV] = dir
  return () => rmSync(dir, { recursive: true, force: true })
}
