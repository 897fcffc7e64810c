import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCluster } from '../support/cluster'
import { SUITE_LIMITS } from '../support/config'
import { freePort } from '../support/net'
import { type ServerProcess, startServer } from '../support/process'

/** The server as its own process on the embedded database: lock, start-up output and shutdown. */
describe('server process', () => {
  let dataDir: string
  let first: ServerProcess
  let env: Record<string, string>

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'soko-data-'))
    env = { DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: '' }
    first = await startServer({ env })
  })
  afterAll(async () => {
    await first?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('prints its address and the demo sign-in details', () => {
    expect(first.url).toBe(`http://127.0.0.1:${env.PORT}`)
    expect(first.output()).toContain('admin@soko.test')
    expect(first.output()).toContain('wanjiru@soko.test')
    expect(first.output()).toContain('password soko-demo-2026')
  })

  it('refuses a second process on the same data folder at once, naming the folder and the other process', async () => {
    const second = await startServer({
      env: { ...env, PORT: String(await freePort()) },
      waitFor: /in use by/,
    })
    const code = await second.exited
    expect(code).not.toBe(0)
    expect(second.output()).toContain(dataDir)
    expect(second.output()).toContain(`process ${first.child.pid}`)
  })

  it('on SIGTERM finishes the request in flight, closes the database and exits 0', async () => {
    const body = JSON.stringify({ subject: 'getSettings' })
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${first.url}/`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length } },
        (res) => {
          let text = ''
          res.on('data', (chunk) => {
            text += chunk
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
        },
      )
      req.on('error', reject)
      // Half the body now, the rest after the signal: the request is in flight when SIGTERM lands.
      req.write(body.slice(0, 10))
      setImmediate(async () => {
        first.child.kill('SIGTERM')
        await waitForOutput(first, /stopping/)
        req.end(body.slice(10))
      })
    })
    const { status, text } = await answer
    expect(status).toBe(200)
    expect(JSON.parse(text).statusCode).toBe(200)
    expect(await first.exited).toBe(0)
    expect(first.output()).toContain('stopped')
    expect(existsSync(path.join(dataDir, 'soko.lock'))).toBe(false)
  })

  it('on SIGTERM under load answers every request already sent, its own sandbox calls included', async () => {
    await first.stop()
    first = await startServer({ env: { ...env, ...SUITE_LIMITS } })
    const base = first.url
    const explore = (await (await fetch(`${base}/explore/_payload.json?kind=digital`)).json()) as {
      results: { slug: string; free: boolean }[]
    }
    const slug = explore.results.find((p) => !p.free)?.slug
    const page = (await (await fetch(`${base}/${slug}/_payload.json`)).json()) as { product: { id: string } }
    type Outcome = { startedAt: number; status?: number; error?: string; orderId?: string }
    const outcomes: Outcome[] = []
    let signalledAt = Number.POSITIVE_INFINITY
    // 24 clients, each asking again as soon as it is answered, on kept-alive connections: settings, and
    // card checkouts, which call this server's own Stripe sandbox from inside the request.
    const client = async (i: number) => {
      for (let n = 0; ; n++) {
        const startedAt = Date.now()
        // Told to stop (as a load balancer is), this client sends nothing new.
        if (startedAt >= signalledAt) return
        const body =
          (i + n) % 3 === 0
            ? {
                subject: 'startCheckout',
                productId: page.product.id,
                method: 'card',
                email: `c${i}@example.com`,
              }
            : { subject: 'getSettings' }
        try {
          const res = await post(`${base}/`, body, agent)
          const answer = JSON.parse(res.text) as { data: { orderId?: string } | null }
          outcomes.push({
            startedAt,
            status: res.status,
            ...(answer.data?.orderId ? { orderId: answer.data.orderId } : {}),
          })
        } catch (error) {
          const code = String((error as { code?: string }).code ?? error)
          outcomes.push({ startedAt, error: code })
        }
      }
    }
    // Connections kept alive between requests, as browsers and proxies do.
    const agent = new Agent({ keepAlive: true })
    const clients = Array.from({ length: 24 }, (_, i) => client(i))
    // Under way for a while, however slow the machine: 48 answers, checkouts among them.
    const deadline = Date.now() + 30_000
    while (outcomes.length < 48 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20))
    signalledAt = Date.now()
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    await Promise.all(clients)
    agent.destroy()
    const before = outcomes.filter((o) => o.startedAt < signalledAt)
    expect(before.length).toBeGreaterThan(24)
    // Every request sent before the signal was answered, and answered well: no reset, no failed order.
    expect(before.filter((o) => o.error)).toEqual([])
    expect(before.filter((o) => o.status !== 200)).toEqual([])
    expect(first.output()).toContain('stopped')
    // Checkouts among them: a 200 means this server's own Stripe sandbox answered while it was stopping.
    expect(outcomes.some((o) => o.orderId && o.startedAt < signalledAt)).toBe(true)
  }, 60_000)

  it('starts again on the same folder with its data, without seeding twice', async () => {
    first = await startServer({ env })
    expect(first.output()).not.toContain('demo data seeded')
    const res = await fetch(`${first.url}/healthz`)
    expect(res.status).toBe(200)
  })
})

describe.runIf(process.env.DATABASE_URL)('server processes on PostgreSQL', () => {
  it('refuse to start on a shared database without the shared secrets and bucket, naming them', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'soko-data-'))
    try {
      // Refused before the database is even opened: no database is needed at this address.
      const lone = await startServer({
        env: {
          DATABASE_URL: 'postgres://soko@127.0.0.1:1/soko',
          DATA_DIR: dataDir,
          PORT: String(await freePort()),
        },
        waitFor: /SINGLE_INSTANCE=on/,
      })
      expect(await lone.exited).not.toBe(0)
      for (const name of ['HOOKS_SECRET', 'STORAGE_SIGNING_SECRET', 'STORAGE_S3_BUCKET'])
        expect(lone.output()).toContain(`${name}: `)
      expect(existsSync(path.join(dataDir, 'storage-secret'))).toBe(false)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('run with DATABASE_URL: two instances start together, migrate and seed once, and report postgres', async () => {
    const cluster = await startCluster()
    const start = async () => startServer({ env: await cluster.instanceEnv({ LOG_LEVEL: 'info' }) })
    const servers = await Promise.all([start(), start()])
    try {
      for (const server of servers) {
        const health = (await (await fetch(`${server.url}/healthz`)).json()) as {
          database: { driver: string }
        }
        expect(health.database.driver).toBe('postgres')
      }
      const pg = (await import('pg')).default
      const client = new pg.Client({ connectionString: cluster.databaseUrl })
      await client.connect()
      // Seeded once: one demo seller, and the admin, the seller and the two buyers of the demo's sales.
      const { rows } = await client.query(
        'select (select count(*)::int from users) as people, (select count(*)::int from sellers) as sellers',
      )
      await client.end()
      expect(rows[0]).toEqual({ people: 4, sellers: 1 })
    } finally {
      for (const server of servers) expect(await server.stop()).toBe(0)
      await cluster.close()
    }
  })
})

/** POSTs JSON with node:http through `agent`; rejects with the socket's error (ECONNRESET…). */
function post(url: string, body: unknown, agent: Agent): Promise<{ status: number; text: string }> {
  const data = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(data)
  })
}

async function waitForOutput(server: ServerProcess, pattern: RegExp) {
  const deadline = Date.now() + 10_000
  while (!pattern.test(server.output())) {
    if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${server.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
