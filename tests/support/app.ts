import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { contract, isSubjectName } from '../../contract'
import { createApp } from '../../server/app'
import type { DatabaseOptions } from '../../server/db/client'
import type { Config } from '../../server/env'
import type { Resolver } from '../../server/lib/address-guard'
import { createLogger } from '../../server/lib/log'
import type { AppServices } from '../../server/services'
import { requestListener } from '../../server/web/listener'
import { testConfig } from './config'
import { type DatabaseKind, openSecondConnection, openTestDatabase, type TestDatabase } from './db'

export interface RpcAnswer {
  status: number
  body: Record<string, unknown>
  headers: Headers
}

export interface RunningApp {
  url: string
  database: TestDatabase
  /** Log lines written so far. */
  logs: string[]
  /** This app's own data folder (files, secrets); its outbox is in the database, tests/support/outbox.ts. */
  dataDir: string
  config: Config
  /** POST / with a JSON body; answers the HTTP status and the parsed envelope. */
  rpc(body: unknown, headers?: Record<string, string>): Promise<RpcAnswer>
  /** Calls a subject, with the token as Bearer when one is given. */
  call(subject: string, input?: Record<string, unknown>, token?: string | null): Promise<RpcAnswer>
  close(): Promise<void>
  /** The app's services (server/services.ts), as its handlers, hooks and jobs use them. */
  services: AppServices
  /** Resolves once the sandboxes' callbacks and reports under way have been delivered. */
  sandboxesIdle(): Promise<void>
}

/**
 * Every answer a test gets is held to the contract: a 200's data must parse with its subject's output
 * schema, so a handler that drifts from what the app is told it will get fails the test that called it.
 */
function checkOutput(body: unknown, answer: RpcAnswer) {
  const request = typeof body === 'string' ? safeJson(body) : body
  const subject = (request as { subject?: unknown } | null)?.subject
  if (answer.status !== 200 || typeof subject !== 'string' || !isSubjectName(subject)) return
  const parsed = contract[subject].output.safeParse(answer.body.data)
  if (!parsed.success)
    throw new Error(
      `${subject} answered data its output schema refuses:\n${parsed.error.issues
        .map((issue) => `  ${issue.path.join('.') || '(data)'}: ${issue.message}`)
        .join('\n')}`,
    )
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** The resolver of tests that give none: every name is unknown. */
const noNames: Resolver = async (hostname) => {
  throw new Error(`${hostname}: tests resolve no names (give startApp a webhookResolver)`)
}

/**
 * createApp() on a fresh database, listening on a free loopback port: statuses like 600 need a socket.
 * `sharing`: a second instance on the first one's PostgreSQL database, as behind a load balancer.
 * `database`: how its database is opened (openDatabase's options).
 */
export async function startApp(
  kind: DatabaseKind,
  overrides: Partial<Config> = {},
  opts: { sharing?: RunningApp; database?: DatabaseOptions; webhookResolver?: Resolver } = {},
): Promise<RunningApp> {
  const database = opts.sharing
    ? await openSecondConnection(opts.sharing.database, opts.database)
    : await openTestDatabase(kind, opts.database)
  const logs: string[] = []
  const log = createLogger('info', (line) => logs.push(line))
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soko-app-'))
  // Listen first: the app's public URL (callback and sandbox addresses) is the port it gets. The app's
  // listener is the server's own (RPC straight off Node's request, the rest through Hono).
  let handle: RequestListener = (_req, res) => {
    res.writeHead(503).end()
  }
  const server = createServer((req, res) => handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  const config = testConfig({ dataDir, publicUrl: url, ...overrides })
  // Webhook deliveries resolve no name unless a test gives its answers: no test reaches out by DNS.
  const webhookResolver = opts.webhookResolver ?? noNames
  const app = createApp({ config, database, log, webhookResolver })
  handle = requestListener(app)
  const rpc: RunningApp['rpc'] = async (body, headers = {}) => {
    const res = await fetch(`${url}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    const answer = {
      status: res.status,
      body: (await res.json()) as Record<string, unknown>,
      headers: res.headers,
    }
    checkOutput(body, answer)
    return answer
  }
  return {
    url,
    database,
    logs,
    dataDir,
    config,
    rpc,
    services: app.services,
    sandboxesIdle: app.sandboxesIdle,
    call: (subject, input = {}, token = null) =>
      rpc({ subject, ...input }, token ? { authorization: `Bearer ${token}` } : {}),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      // The sandboxes' callbacks under way land first: the books are checked as the database closes.
      await app.sandboxesIdle().catch(() => {})
      try {
        await database.close()
      } finally {
        rmSync(dataDir, { recursive: true, force: true })
      }
    },
  }
}
