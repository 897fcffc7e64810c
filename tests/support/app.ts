import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createApp } from '../../server/app'
import type { Database } from '../../server/db/client'
import type { Config } from '../../server/env'
import { createLogger } from '../../server/lib/log'
import { testConfig } from './config'
import { type DatabaseKind, openTestDatabase } from './db'

export interface RunningApp {
  url: string
  database: Database
  /** Log lines written so far. */
  logs: string[]
  /** POST / with a JSON body; answers the HTTP status and the parsed envelope. */
  rpc(
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Record<string, unknown> }>
  close(): Promise<void>
}

/** createApp() on a fresh database, listening on a free loopback port: statuses like 600 need a socket. */
export async function startApp(kind: DatabaseKind, overrides: Partial<Config> = {}): Promise<RunningApp> {
  const database = await openTestDatabase(kind)
  const logs: string[] = []
  const log = createLogger('info', (line) => logs.push(line))
  const app = createApp({ config: testConfig(overrides), database, log })
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s))
  })
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    database,
    logs,
    async rpc(body, headers = {}) {
      const res = await fetch(`${url}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      })
      return { status: res.status, body: (await res.json()) as Record<string, unknown> }
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await database.close().catch(() => {})
    },
  }
}
