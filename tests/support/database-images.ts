import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { adminQuery, migrationsDir } from './db'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, migrated PGlite data folder: each test database starts from it. */
    pgliteImage: string
    /** A migrated PostgreSQL database each test database is copied from; '' without DATABASE_URL. */
    postgresTemplate: string
  }
}

/**
 * Vitest's global setup for the server tests: the migrations run once per run, not once per test
 * database. PGlite's data folder is dumped after migrating, and each test's PGlite starts from the dump
 * (creating one from nothing takes seconds); on PostgreSQL, a migrated template database is copied.
 */
export default async function setup(project: TestProject) {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const folder = mkdtempSync(path.join(tmpdir(), 'soko-db-image-'))
  const pglite = new PGlite()
  await migrate(drizzle({ client: pglite }), { migrationsFolder: migrationsDir })
  const image = path.join(folder, 'pglite.tar')
  writeFileSync(image, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()))
  await pglite.close()
  project.provide('pgliteImage', image)

  const serverUrl = process.env.DATABASE_URL
  let template = ''
  if (serverUrl) {
    template = `soko_template_${process.pid}_${project.name.replace(/\W/g, '_')}`
    await adminQuery(serverUrl, `drop database if exists ${template} with (force)`)
    await adminQuery(serverUrl, `create database ${template}`)
    const url = new URL(serverUrl)
    url.pathname = `/${template}`
    const { openDatabase } = await import('../../server/db/client')
    const database = await openDatabase({ kind: 'postgres', url: url.toString() }, migrationsDir)
    await database.close()
  }
  project.provide('postgresTemplate', template)

  return async () => {
    rmSync(folder, { recursive: true, force: true })
    if (serverUrl && template) await adminQuery(serverUrl, `drop database if exists ${template} with (force)`)
  }
}
