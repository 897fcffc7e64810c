import path from 'node:path'
import { type Database, openDatabase } from './db/client'
import type { Config } from './env'
import { grantAdmin } from './features/accounts'
import { type DemoAccounts, seedDemoData } from './features/demo'
import { clock } from './lib/clock'
import type { Logger } from './lib/log'
import type { ServedStorage } from './storage/create-storage'
import { createStorage } from './storage/create-storage'

/**
 * What a server needs before it can answer: the database (migrated), the file storage, the demo data in
 * an empty database when asked for, and the configured admin. Shared by `npm start` and `npm run dev`.
 */
export async function prepare(
  config: Config,
  log: Logger,
): Promise<{ database: Database; storage: ServedStorage; demo: DemoAccounts | null }> {
  const database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          ...(config.migrationDatabaseUrl ? { migrationUrl: config.migrationDatabaseUrl } : {}),
          ...(config.databaseListenUrl ? { listenUrl: config.databaseListenUrl } : {}),
        }
      : { kind: 'pglite', dataDir: config.dataDir },
    path.join(config.rootDir, 'server', 'db', 'migrations'),
    {
      transactionGuard: config.transactionGuard,
      onGuardViolation: (error) => log.error('transaction guard', { error }),
      // While it is down, buyers waiting for "paid" see it within 5 s instead of at once.
      onListenerState: (change) =>
        change.state === 'lost'
          ? log.warn('not listening for database notices: opening the connection again', {
              error: change.error,
            })
          : log.info('listening for database notices again'),
    },
  )
  // Soko's clock goes by the database's from the first decision on (see server/lib/clock.ts).
  const skewMs = await clock.syncWith(database.db)
  if (skewMs !== 0)
    log.warn(
      `this host's clock is ${Math.abs(skewMs / 1000).toFixed(1)} s ${skewMs > 0 ? 'behind' : 'ahead of'} the database's; Soko goes by the database's`,
      { skewMs },
    )
  const storage = createStorage(config)
  const demo = config.demoData ? await seedDemoData(database.db, storage, config, log) : null
  if (config.adminEmail && !(await grantAdmin(database.db, config.adminEmail)))
    log.warn('ADMIN_EMAIL has no account yet: sign up with that address, then restart Soko', {
      email: config.adminEmail,
    })
  return { database, storage, demo }
}

/** What a started server prints: where it is, its database and the demo sign-in. */
export function startupLines(config: Config, url: string, demo: DemoAccounts | null): string[] {
  const where = config.databaseUrl
    ? `PostgreSQL (DATABASE_URL${config.migrationDatabaseUrl ? '; migrated as MIGRATION_DATABASE_URL' : ''})`
    : `PGlite in ${config.dataDir}`
  // i18n-ignore: the operator's console at start-up
  const lines = [`Soko is running at ${url}`, `  database: ${where}`]
  if (demo) {
    lines.push('  demo sign-in (password for both):', `    admin   ${demo.adminEmail}`)
    lines.push(`    seller  ${demo.sellerEmail}   storefront /creators/${demo.sellerHandle}`)
    lines.push(`    password ${demo.password}`)
  }
  lines.push('  stop with Ctrl+C')
  return lines
}
