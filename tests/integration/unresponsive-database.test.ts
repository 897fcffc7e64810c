import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEALTH_PING_MS } from '../../server/app'
import { DEADLINE_MESSAGES } from '../../server/rpc/dispatcher'
import { LATE_MESSAGE } from '../../server/web/guards'
import { type RunningApp, startApp } from '../support/app'
import { createScratchDatabase, databaseKinds } from '../support/db'
import { gate } from '../support/jobs'
import { freePort } from '../support/net'
import { startServer } from '../support/process'
import { personOf } from '../support/shop'
import { startStallProxy } from '../support/stall-proxy'

const DEADLINE_MS = 1_000

/**
 * If the database stops answering (a bug that waits on itself, a database server that hangs), Soko still
 * answers: calls and pages get 503 at their deadline (a mutation is told it may still complete), /healthz
 * says the database is not answering, and a stopping server exits within its drain time.
 */
describe.each(databaseKinds)('a database that stops answering, on %s', (kind) => {
  let app: RunningApp
  beforeAll(async () => {
    app = await startApp(kind, { requestDeadlineMs: DEADLINE_MS })
  })
  afterAll(async () => {
    await app?.close()
  })

  /**
   * Holds the database: transactions that wait for the test. PGlite's one connection is taken by the
   * first; on PostgreSQL all ten of the pool's are, so every other query waits for a connection.
   */
  function holdDatabase() {
    const held = gate()
    const taken = Array.from({ length: 10 }, () =>
      app.database.db.transaction(async (tx) => {
        await tx.execute('select 1' as never)
        await held.opened
      }),
    )
    return {
      release: async () => {
        held.open()
        await Promise.all(taken)
      },
    }
  }

  it('answers calls, pages and /healthz with 503 in time, then carries out what was asked once it answers again', async () => {
    const person = await personOf(app, `late-${kind}@example.com`)
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200)
    const database = holdDatabase()
    try {
      const started = Date.now()
      const [health, query, mutation, page] = await Promise.all([
        fetch(`${app.url}/healthz`),
        app.call('getSettings', {}, person.token),
        app.call('updateSettings', { currency: 'USD' }, person.token),
        fetch(`${app.url}/explore/_payload.json`),
      ])
      expect(Date.now() - started).toBeLessThan(HEALTH_PING_MS + 5_000)
      expect(health.status).toBe(503)
      expect(await health.json()).toMatchObject({ status: 'error', database: { driver: kind, ok: false } })
      expect(query.status).toBe(503)
      expect(query.body.message).toBe(DEADLINE_MESSAGES.query.message)
      expect(mutation.status).toBe(503)
      expect(mutation.body.message).toBe(DEADLINE_MESSAGES.mutation.message)
      expect(mutation.body.message).toMatch(/may still complete: check whether it went through/)
      expect(mutation.headers.get('retry-after')).toBe('5')
      expect(page.status).toBe(503)
      expect(await page.text()).toBe(LATE_MESSAGE)
    } finally {
      await database.release()
    }
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200)
    // The change that was told "may still complete" did.
    await expect
      .poll(
        async () => ((await app.call('getSettings', {}, person.token)).body.data as { user: unknown }).user,
      )
      .toMatchObject({ currency: 'USD' })
  })
})

describe.runIf(process.env.DATABASE_URL)('a stopping server whose PostgreSQL hangs', () => {
  it('exits within its drain time on SIGTERM, even though closing the database never ends', async () => {
    const scratch = await createScratchDatabase()
    const target = new URL(scratch.url)
    const proxy = await startStallProxy({ host: target.hostname, port: Number(target.port || 5432) })
    const dataDir = mkdtempSync(path.join(tmpdir(), 'soko-stall-'))
    const through = new URL(scratch.url)
    through.hostname = proxy.host
    through.port = String(proxy.port)
    const server = await startServer({
      env: {
        DATABASE_URL: through.toString(),
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        DEMO_DATA: 'off',
        SINGLE_INSTANCE: 'on',
        DRAIN_MS: '1000',
        REQUEST_DEADLINE_MS: '1000',
      },
    })
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      proxy.stall()
      // Queries now go out and never come back: the pool's connections stay busy, so closing it waits.
      const health = await fetch(`${server.url}/healthz`)
      expect(health.status).toBe(503)
      const stopping = Date.now()
      server.child.kill('SIGTERM')
      const code = await server.exited
      // 1 s of drain, at most 5 s to close the database, then out whatever hangs.
      expect(Date.now() - stopping).toBeLessThan(1_000 + 5_000 + 2_000)
      expect(code).toBe(1)
      expect(server.output()).toMatch(/the database did not close in time|stopping took longer than it may/)
    } finally {
      await server.stop()
      proxy.resume()
      await proxy.close()
      await scratch.drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 30_000)
})
