import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { lockDataDir } from './lock'
import {
  type ListenerState,
  type Notifications,
  pgliteNotifications,
  postgresNotifications,
} from './notifications'
import * as schema from './schema'
import { catalogState } from './schema'
import { guardTransactions } from './transaction-guard'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** A transaction in progress: the same query methods as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Either: for work that runs on its own or as part of a caller's transaction. */
export type DbOrTx = Db | Tx

export type DatabaseTarget =
  /**
   * Embedded PGlite; `dataDir` null keeps it in memory (tests), started from `image` (a dumped data
   * folder) when given, which skips creating a database from nothing.
   */
  | { kind: 'pglite'; dataDir: string | null; image?: Blob }
  /**
   * PostgreSQL; `migrationUrl` (MIGRATION_DATABASE_URL): the migrations run as that role, the tables' owner,
   * and the app's queries as `url`'s, which need not own them (docs/operations.md). `listenUrl`
   * (DATABASE_LISTEN_URL): where the connection that listens for notices goes when `url` is a pooler
   * that cannot keep a LISTEN (PgBouncer in transaction mode).
   */
  | { kind: 'postgres'; url: string; migrationUrl?: string; listenUrl?: string }

export interface Database {
  db: Db
  driver: DatabaseTarget['kind']
  /**
   * The catalog's version: higher once a change to what public pages show is committed, by any instance.
   * PGlite is this process's alone and tells it of each commit as it happens; PostgreSQL is read.
   */
  catalogVersion(): Promise<number>
  /** Round-trip time of `select 1`, in milliseconds; throws when the database does not answer. */
  ping(): Promise<number>
  /**
   * Notices the database sends at commit (LISTEN). On PostgreSQL one connection of its own, opened when
   * something first listens; close() closes it.
   */
  notifications: Notifications
  close(): Promise<void>
}

export interface DatabaseOptions {
  /**
   * The transaction guard (transaction-guard.ts): a use of the root database while a transaction of the
   * same call is open throws. On unless turned off: production runs without it.
   */
  transactionGuard?: boolean
  /** Told of each violation the guard finds (besides the error thrown), e.g. to log it. */
  onGuardViolation?: (error: Error) => void
  /** Told when the connection that listens for notices drops (it is opened again) and when it is back. */
  onListenerState?: (state: ListenerState) => void
  /** The first wait before that connection is opened again (it doubles, up to 5 s); tests lengthen it. */
  listenRetryMs?: number
}

export async function openDatabase(
  target: DatabaseTarget,
  migrationsDir: string,
  options: DatabaseOptions = {},
): Promise<Database> {
  const database =
    target.kind === 'postgres'
      ? await openPostgres(target, migrationsDir, options)
      : await openPglite(target.dataDir, migrationsDir, target.image)
  // After the migrations, which run on the root database as they must.
  if (options.transactionGuard ?? true) guardTransactions(database.db, options.onGuardViolation)
  return database
}

async function openPglite(dataDir: string | null, migrationsDir: string, image?: Blob): Promise<Database> {
  const unlock = dataDir === null ? () => {} : lockDataDir(dataDir)
  try {
    const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ])
    const client =
      dataDir === null
        ? new PGlite(image ? { loadDataDir: image } : {})
        : new PGlite(path.join(dataDir, 'pgdata'))
    const db = drizzle({ client, schema })
    // Told during the writer's own commit, before its query returns: never behind what a reader can see.
    let catalogVersion = 0
    try {
      await migrate(db, { migrationsFolder: migrationsDir })
      await client.listen(CATALOG_CHANNEL, () => {
        catalogVersion++
      })
    } catch (error) {
      await client.close()
      throw error
    }
    return {
      db,
      driver: 'pglite',
      catalogVersion: () => Promise.resolve(catalogVersion),
      ping: () => timed(() => db.execute(sql`select 1`)),
      notifications: pgliteNotifications(client),
      async close() {
        await client.close()
        unlock()
      },
    }
  } catch (error) {
    unlock()
    throw error
  }
}

async function openPostgres(
  target: Extract<DatabaseTarget, { kind: 'postgres' }>,
  migrationsDir: string,
  options: DatabaseOptions,
): Promise<Database> {
  const { url, migrationUrl } = target
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ])
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle connection the server ended (a restart, a failover) leaves the pool, which opens another when
  // needed; unheard, its error would end the process.
  pool.on('error', () => {})
  // pool.end() resolves before the sockets are closed: close() waits for them, so that nothing is left
  // connected (a database dropped right after sees no one, a stopping process no open handle).
  const open = new Set<Promise<void>>()
  pool.on('connect', (client) => {
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()))
    open.add(ended)
    void ended.then(() => open.delete(ended))
  })
  const close = async () => {
    await pool.end()
    await Promise.all(open)
  }
  try {
    // On a connection of the migration role's own, ended afterwards, when there is one: the app's pool
    // then never runs DDL, and its role needs no right to.
    const own = migrationUrl ? new pg.Client({ connectionString: migrationUrl }) : null
    const pooled = own ? null : await pool.connect()
    const conn = own ?? pooled
    if (!conn) throw new Error('no connection to migrate on')
    try {
      if (own) await own.connect()
      // Several instances may start at once against one database: only one migrates at a time.
      await conn.query(`select pg_advisory_lock(hashtext('soko:migrations'))`)
      try {
        await migrate(drizzle({ client: conn, schema }), { migrationsFolder: migrationsDir })
      } finally {
        await conn.query(`select pg_advisory_unlock(hashtext('soko:migrations'))`)
      }
    } finally {
      if (own) await own.end().catch(() => {})
      pooled?.release()
    }
  } catch (error) {
    await close()
    throw error
  }
  const db = drizzle({ client: pool, schema })
  const notifications = postgresNotifications(pg.Client, target.listenUrl ?? url, {
    retryMs: options.listenRetryMs,
    onState: options.onListenerState,
  })
  return {
    db,
    driver: 'postgres',
    catalogVersion: catalogVersionReader(db),
    ping: () => timed(() => db.execute(sql`select 1`)),
    notifications,
    async close() {
      await Promise.all([notifications.close(), close()])
    },
  }
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await run()
  return Math.round((performance.now() - start) * 100) / 100
}

/** The channel the catalog's triggers notify on each commit that changes what public pages show. */
const CATALOG_CHANNEL = 'catalog_changed'

/**
 * Reads the catalog's version (catalog_state, bumped by triggers when a change is committed). Each caller
 * gets a read that started after it asked, so a change committed before a request arrived is always seen;
 * callers that ask while a read is on its way share the next one, so a busy server reads it about once per
 * round trip, not once per request.
 */
export function catalogVersionReader(db: Db): () => Promise<number> {
  let running: Promise<number> | null = null
  let queued: Promise<number> | null = null
  const read = async () => {
    const [row] = await db.select({ version: catalogState.version }).from(catalogState)
    return row?.version ?? 0
  }
  const start = () => {
    const reading = read().finally(() => {
      if (running === reading) running = null
    })
    running = reading
    return reading
  }
  return () => {
    if (!running) return start()
    queued ??= running
      .catch(() => {})
      .then(() => {
        queued = null
        return running ?? start()
      })
    return queued
  }
}
