import { readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import {
  type Database,
  type DatabaseOptions,
  type DatabaseTarget,
  openDatabase,
} from '../../server/db/client'
import { findProjectRoot } from '../../server/env'
import { ledgerInvariantViolations } from './ledger-invariants'

export const migrationsDir = path.join(findProjectRoot(), 'server', 'db', 'migrations')

export type DatabaseKind = DatabaseTarget['kind']

/** Integration tests run on each of these: PGlite always, PostgreSQL when DATABASE_URL is set (CI). */
export const databaseKinds: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

/**
 * A fresh, migrated, empty database of the given kind: in-memory PGlite, or a new database on the
 * PostgreSQL server of DATABASE_URL that close() drops again.
 */
export async function openTestDatabase(kind: DatabaseKind, options?: DatabaseOptions): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase(
      { kind: 'pglite', dataDir: null, image: pgliteImage() },
      migrationsDir,
      options,
    )
    return { ...database, close: checkedClose(database, () => database.close()) }
  }
  const scratch = await createScratchDatabase(inject('postgresTemplate') || undefined)
  const database = await openDatabase({ kind: 'postgres', url: scratch.url }, migrationsDir, options)
  return {
    ...database,
    url: scratch.url,
    close: checkedClose(database, async () => {
      await database.close()
      await scratch.drop()
    }),
  }
}

/**
 * Closing a test database first checks the books' invariants (tests/support/ledger-invariants.ts), so a
 * test that left money where it should not be fails, whatever it asserted itself. It closes either way.
 */
function checkedClose(database: Database, close: () => Promise<void>) {
  // Once: a test that closes its database itself (to see what a dead one does) leaves nothing to close.
  let closing: Promise<void> | null = null
  return () => {
    closing ??= checkThenClose(database, close)
    return closing
  }
}

async function checkThenClose(database: Database, close: () => Promise<void>) {
  let broken: string[] = []
  try {
    broken = await ledgerInvariantViolations(database.db)
  } finally {
    await close()
  }
  if (broken.length > 0)
    throw new Error(`The books break their invariants when the test database closes:\n${broken.join('\n')}`)
}

/** A test database; on PostgreSQL with its URL, so a second instance can share it. */
export type TestDatabase = Database & { url?: string }

/** Another connection to a test database on PostgreSQL, as a second instance has: closing it drops nothing. */
export function openSecondConnection(first: TestDatabase, options?: DatabaseOptions): Promise<TestDatabase> {
  if (!first.url) throw new Error('Only a PostgreSQL test database can be shared by two instances')
  return openDatabase({ kind: 'postgres', url: first.url }, migrationsDir, options)
}

/** The migrated PGlite data folder the global setup dumped, read once per test file. */
let image: Blob | undefined
function pgliteImage(): Blob {
  image ??= new Blob([readFileSync(inject('pgliteImage'))])
  return image
}

/**
 * A new database on the PostgreSQL server of DATABASE_URL: empty, or a copy of `template` (a migrated one,
 * made once by the global setup).
 */
export async function createScratchDatabase(
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) throw new Error('DATABASE_URL is not set')
  const name = `soko_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  }
}

export async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
