import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, like, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepare } from '../../server/boot'
import { auditLog, rateLimits } from '../../server/db/schema'
import { createLogger } from '../../server/lib/log'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { adminQuery, databaseKinds } from '../support/db'
import { personOf, sellerOf } from '../support/shop'

/** What a statement run on the database answers: 'allowed', or the database's refusal. */
const refusalOf = (run: () => Promise<unknown>) =>
  run().then(
    () => 'allowed',
    (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
  )

describe.each(databaseKinds)('the audit log on %s', (kind) => {
  let app: RunningApp
  let admin: Awaited<ReturnType<typeof personOf>>
  let seller: Awaited<ReturnType<typeof sellerOf>>

  beforeAll(async () => {
    app = await startApp(kind)
    admin = await personOf(app, 'keeper@example.com', { roles: ['admin'] })
    seller = await sellerOf(app, 'kito')
    const suspended = await app.call(
      'suspendUser',
      { id: seller.id, reason: 'Checking a chargeback' },
      admin.token,
    )
    expect(suspended.status).toBe(200)
  })
  afterAll(() => app.close())

  it('cannot be emptied: TRUNCATE is refused, alone or reached by another table’s CASCADE', async () => {
    const db = app.database.db
    const before = await db.$count(auditLog)
    expect(before).toBeGreaterThan(0)
    expect(await refusalOf(() => db.execute(sql`truncate audit_log`))).toContain(
      'audit_log is append-only: TRUNCATE is not allowed',
    )
    expect(
      await refusalOf(() => db.execute(sql`truncate table audit_log restart identity cascade`)),
    ).toContain('append-only')
    expect(await db.$count(auditLog)).toBe(before)
  })
})

/**
 * The address an audit entry and a rate limit get. The tests speak to the server directly, so they write
 * X-Forwarded-For as a proxy would pass it on: what the client sent, then the hop the proxy added.
 */
describe.each(databaseKinds)('the client’s address on %s', (kind) => {
  const written = '203.0.113.77'
  const hop = '198.51.100.9'

  async function actFrom(trustProxy: boolean, forwardedFor: string) {
    const app = await startApp(kind, { trustProxy })
    try {
      const admin = await personOf(app, 'addressed@example.com', { roles: ['admin'] })
      const seller = await sellerOf(app, 'pili')
      const headers = { 'x-forwarded-for': forwardedFor }
      const suspended = await app.rpc(
        { subject: 'suspendUser', id: seller.id, reason: 'Checking a chargeback' },
        { ...headers, authorization: `Bearer ${admin.token}` },
      )
      expect(suspended.status).toBe(200)
      const wrong = await app.rpc(
        { subject: 'signIn', email: 'nobody@example.com', password: 'not-a-password-here' },
        headers,
      )
      expect(wrong.status).toBe(401)
      const [entry] = await app.database.db.select().from(auditLog).where(eq(auditLog.targetId, seller.id))
      const keys = await app.database.db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(like(rateLimits.key, 'signInFail:ip:%'))
      return { audited: entry?.ip, limited: keys.map((k) => k.key) }
    } finally {
      await app.close()
    }
  }

  it('behind a proxy (TRUST_PROXY on) is the right-most X-Forwarded-For hop, never what the client wrote', async () => {
    const seen = await actFrom(true, `${written}, ${hop}`)
    expect(seen.audited).toBe(hop)
    expect(seen.limited).toEqual([`signInFail:ip:${hop}`])
  })

  it('without TRUST_PROXY is the connection’s own, whatever X-Forwarded-For says', async () => {
    const seen = await actFrom(false, written)
    expect(seen.audited).toBe('127.0.0.1')
    expect(seen.limited).toEqual(['signInFail:ip:127.0.0.1'])
  })
})

/**
 * Production on PostgreSQL as docs/operations.md sets it up: the migrations run as the role that owns the
 * tables (MIGRATION_DATABASE_URL), the app as a role that may read and write rows but not alter, truncate
 * or disable anything. The roles are the server's, so each run makes its own and drops them again.
 */
describe.runIf(process.env.DATABASE_URL)('an owner role and an app role on PostgreSQL', () => {
  const serverUrl = process.env.DATABASE_URL ?? ''
  const tag = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const owner = `soko_owner_${tag}`
  const appRole = `soko_app_${tag}`
  const database = `soko_roles_${tag}`
  const urlAs = (role: string) => {
    const url = new URL(serverUrl)
    url.username = role
    url.password = 'a-test-password'
    url.pathname = `/${database}`
    return url.toString()
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soko-roles-'))

  const ownerQuery = async (text: string) => {
    const client = new pg.Client({ connectionString: urlAs(owner) })
    await client.connect()
    try {
      await client.query(text)
    } finally {
      await client.end()
    }
  }

  beforeAll(async () => {
    await adminQuery(serverUrl, `create role ${owner} login password 'a-test-password'`)
    await adminQuery(serverUrl, `create role ${appRole} login password 'a-test-password'`)
    await adminQuery(serverUrl, `create database ${database} owner ${owner}`)
    // The setup of docs/operations.md, run as the database's owner.
    await ownerQuery(`
      revoke all on database ${database} from public;
      grant connect on database ${database} to ${appRole};
      grant usage on schema public to ${appRole};
      alter default privileges in schema public grant select, insert, update, delete on tables to ${appRole};
      alter default privileges in schema public grant usage, select on sequences to ${appRole};`)
  })
  afterAll(async () => {
    await adminQuery(serverUrl, `drop database if exists ${database} with (force)`)
    await adminQuery(serverUrl, `drop role if exists ${appRole}`)
    await adminQuery(serverUrl, `drop role if exists ${owner}`)
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('the app role alone cannot apply the migrations: it needs MIGRATION_DATABASE_URL', async () => {
    const config = testConfig({ dataDir, databaseUrl: urlAs(appRole), demoData: false })
    expect(await refusalOf(() => prepare(config, createLogger('silent')))).toContain(
      `permission denied for database ${database}`,
    )
  })

  it('migrates as the owner, runs as the app role, and the app role can neither empty nor alter the log', async () => {
    const config = testConfig({
      dataDir,
      databaseUrl: urlAs(appRole),
      migrationDatabaseUrl: urlAs(owner),
      demoData: true,
    })
    const { database: opened, demo } = await prepare(config, createLogger('silent'))
    try {
      // The demo data went in as the app role.
      expect(demo?.adminEmail).toBe('admin@soko.test')
      const db = opened.db
      const [tables] = (
        (await db.execute(
          sql`select count(*)::int as n, bool_and(tableowner = ${owner}) as owned from pg_tables where schemaname = 'public'`,
        )) as unknown as { rows: { n: number; owned: boolean }[] }
      ).rows
      expect(tables).toEqual({ n: expect.any(Number), owned: true })
      await db.insert(auditLog).values({
        id: '01900000-0000-7000-8000-000000000001',
        actorId: '01900000-0000-7000-8000-000000000002',
        actorEmail: 'admin@soko.test',
        action: 'settings.update',
        targetKind: 'settings',
        targetId: 'terms',
        ip: '198.51.100.9',
      })
      expect(await db.$count(auditLog)).toBe(1)
      expect(await refusalOf(() => db.execute(sql`truncate audit_log`))).toContain('permission denied')
      for (const statement of [
        sql`alter table audit_log disable trigger audit_log_append_only`,
        sql`alter table audit_log disable trigger all`,
        sql`drop trigger audit_log_no_truncate on audit_log`,
      ])
        expect(await refusalOf(() => db.execute(statement))).toMatch(
          /must be owner of (table|relation) audit_log/,
        )
      expect(await refusalOf(() => db.execute(sql`delete from audit_log`))).toContain('append-only')
      // Once the log exists, the owner takes back what the default privileges gave on it.
      await ownerQuery(`revoke update, delete on audit_log from ${appRole}`)
      expect(await refusalOf(() => db.execute(sql`delete from audit_log`))).toContain('permission denied')
      expect(await db.$count(auditLog)).toBe(1)
    } finally {
      await opened.close()
    }
  })
})
