import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Database } from '../../server/db/client'
import { createLogger } from '../../server/lib/log'
import { mpesaSandbox } from '../../server/payments/sandbox/mpesa'
import { sandboxDeps } from '../../server/payments/sandbox/sandbox-deps'
import { SANDBOX } from '../../server/payments/sandbox-credentials'
import { testConfig } from './config'
import { openTestDatabase } from './db'

const B2C_PATH = '/mpesa/b2c/v3/paymentrequest'

/** A B2C payment request that reached this M-Pesa, and what became of it. */
export interface B2cArrival {
  originatorConversationId: string
  /** held: the test has it; dropped: M-Pesa never saw it; taken: M-Pesa carried it out (or saw a repeat). */
  fate: 'held' | 'dropped' | 'taken'
}

/** A POST M-Pesa made to Soko's hooks (a B2C result, a Transaction Status answer), and whether it arrived. */
export interface HookPost {
  /** `b2c`, `b2c-status`, … as in /hooks/mpesa/{hook}/{id}/{signature}. */
  hook: string
  id: string
  resultCode: string | null
  delivered: boolean
}

/** A B2C payment as the sandbox keeps it (server/payments/sandbox/mpesa/b2c.ts): the part read here. */
export interface B2cPayment extends Record<string, unknown> {
  originatorConversationId: string
  conversationId: string
  phone: string
  /** Whole shillings. */
  amount: number
  state: 'completed' | 'failed'
  receipt: string | null
}

/** A B2C request held unanswered: the Soko server that sent it is waiting for M-Pesa's answer. */
export interface HeldB2c {
  originatorConversationId: string
  path: string
  headers: Record<string, string>
  body: string
  response: ServerResponse
}

export interface MpesaServer {
  url: string
  /** The environment that makes a Soko server use this M-Pesa as its live one. */
  env: Record<string, string>
  b2c: B2cArrival[]
  hooks: HookPost[]
  /** While on, B2C payment requests are held unanswered; everything else is answered as usual. */
  holdB2c(on: boolean): void
  /** Resolves with the first B2C request held and not yet forwarded or dropped. */
  held(): Promise<HeldB2c>
  /** The held request reaches M-Pesa now: it is carried out, and its result posted (delivered or not). */
  forward(request: HeldB2c): Promise<void>
  /** The held request is lost on the way: M-Pesa never sees it. */
  drop(request: HeldB2c): void
  /** Every B2C payment M-Pesa has a record of. */
  payments(): Promise<B2cPayment[]>
  /** Resolves once every result M-Pesa has begun to post has been delivered, or refused. */
  idle(): Promise<void>
  close(): Promise<void>
}

/**
 * M-Pesa outside the Soko server under test: the sandbox's Daraja on a database and a port of its own, in
 * this process, so that it outlives a server killed with SIGKILL as the real M-Pesa would. A Soko server
 * given `env` talks to it as to live M-Pesa (with the sandbox's public credentials) over HTTP, and it posts
 * its results to the addresses the server gave, like Daraja. It can hold B2C payment requests unanswered,
 * for the test to forward later (M-Pesa took it, the answer never came back) or drop (it never arrived).
 */
export async function startMpesaServer(): Promise<MpesaServer> {
  // M-Pesa's own records, whatever database the server under test uses.
  const database: Database = await openTestDatabase('pglite')
  const hooks: HookPost[] = []
  /** How the sandbox posts to Soko: noting each post, and whether it arrived. */
  const record: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const [, , , hook = '', id = ''] = url.pathname.split('/')
    let resultCode: string | null = null
    try {
      const sent = JSON.parse(String(init?.body ?? '')) as { Result?: { ResultCode?: unknown } }
      resultCode = sent.Result?.ResultCode === undefined ? null : String(sent.Result.ResultCode)
    } catch {
      // Not JSON: no result code to note.
    }
    try {
      const res = await fetch(input, init)
      hooks.push({ hook, id, resultCode, delivered: res.ok })
      return res
    } catch (error) {
      hooks.push({ hook, id, resultCode, delivered: false })
      throw error
    }
  }
  const deps = sandboxDeps({
    db: database.db,
    // The sandbox accepts the credentials of `env` below: its own public ones.
    payments: testConfig().payments,
    // Only the sandbox's pages use it, and none is asked for here.
    publicUrl: 'http://127.0.0.1',
    log: createLogger('silent'),
    fetch: record,
  })
  const sandbox = mpesaSandbox(deps)
  const b2c: B2cArrival[] = []
  const held: HeldB2c[] = []
  const arrivals = new Map<HeldB2c, B2cArrival>()
  let holding = false

  const ask = (path: string, method: string, headers: Record<string, string>, body: string | undefined) =>
    sandbox.request(path, { method, headers, ...(body === undefined ? {} : { body }) })

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    const path = req.url ?? '/'
    const method = req.method ?? 'GET'
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers[name] = value
    if (method === 'POST' && path === B2C_PATH) {
      const originatorConversationId = originatorOf(body)
      const arrival: B2cArrival = { originatorConversationId, fate: holding ? 'held' : 'taken' }
      b2c.push(arrival)
      if (holding) {
        const request = { originatorConversationId, path, headers, body, response: res }
        held.push(request)
        arrivals.set(request, arrival)
        return
      }
    }
    const answered = await ask(path, method, headers, method === 'GET' ? undefined : body)
    res.writeHead(answered.status, Object.fromEntries(answered.headers))
    res.end(Buffer.from(await answered.arrayBuffer()))
  }

  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500)
      res.end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const settle = (request: HeldB2c, fate: B2cArrival['fate']) => {
    held.splice(held.indexOf(request), 1)
    const arrival = arrivals.get(request)
    if (arrival) arrival.fate = fate
    // The server that asked is gone: nobody reads this answer.
    request.response.destroy()
  }

  return {
    url,
    env: {
      MPESA_BASE_URL: url,
      MPESA_CONSUMER_KEY: SANDBOX.mpesaConsumerKey,
      MPESA_CONSUMER_SECRET: SANDBOX.mpesaConsumerSecret,
      MPESA_SHORTCODE: SANDBOX.mpesaShortCode,
      MPESA_PASSKEY: SANDBOX.mpesaPasskey,
      MPESA_B2C_SHORTCODE: SANDBOX.mpesaB2cShortCode,
      MPESA_INITIATOR_NAME: SANDBOX.mpesaInitiator,
      MPESA_SECURITY_CREDENTIAL: SANDBOX.mpesaCredential,
    },
    b2c,
    hooks,
    holdB2c(on) {
      holding = on
    },
    async held() {
      const deadline = Date.now() + 20_000
      while (!held[0]) {
        if (Date.now() > deadline) throw new Error('no B2C request reached M-Pesa within 20 s')
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      return held[0]
    },
    async forward(request) {
      settle(request, 'taken')
      const answered = await ask(request.path, 'POST', request.headers, request.body)
      if (!answered.ok) throw new Error(`M-Pesa refused the held request: ${await answered.text()}`)
      await sandbox.idle()
    },
    drop(request) {
      settle(request, 'dropped')
    },
    async payments() {
      return deps.store.list<B2cPayment>('mpesa', 'b2c', {}, 1000)
    },
    idle: () => sandbox.idle(),
    async close() {
      for (const request of [...held]) settle(request, 'dropped')
      await sandbox.idle()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await database.close()
    },
  }
}

function originatorOf(body: string): string {
  try {
    return String((JSON.parse(body) as { OriginatorConversationID?: unknown }).OriginatorConversationID ?? '')
  } catch {
    return ''
  }
}
