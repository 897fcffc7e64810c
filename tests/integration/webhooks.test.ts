import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { webhookDeliveries, webhookEndpoints } from '../../server/db/schema'
import type { Config } from '../../server/env'
import { webhookDeliveryJob } from '../../server/features/webhooks'
import { createJobRunner } from '../../server/jobs/runner'
import type { Resolver } from '../../server/lib/address-guard'
import { guardedPost } from '../../server/lib/guarded-post'
import { createLogger } from '../../server/lib/log'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { readOutbox } from '../support/outbox'
import { submitSandboxCard } from '../support/sandbox-card'
import { personOf, productOnSale, sellerOf } from '../support/shop'

/** A receiver on loopback: records each request, and answers as the test says. */
interface Received {
  path: string
  headers: IncomingMessage['headers']
  body: string
}
type Answer = (req: Received, res: ServerResponse) => void

async function receiver() {
  const got: Received[] = []
  let connections = 0
  let answer: Answer = (_req, res) => res.writeHead(200).end('ok')
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const r = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() }
      got.push(r)
      answer(r, res)
    })
  })
  server.on('connection', () => connections++)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    got,
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    connections: () => connections,
    answer(next: Answer) {
      answer = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The documented verification: HMAC-SHA256 of "t.body" with the secret, compared in constant time. */
function verify(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]))
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex')
  const given = Buffer.from(parts.v1 ?? '', 'hex')
  return given.length === 32 && timingSafeEqual(given, Buffer.from(expected, 'hex'))
}

const WEBHOOKS = {
  allowLoopback: true,
  timeoutMs: 400,
  retryBaseMs: 20,
  retryMaxMs: 40,
  windowMs: 3_600_000,
  concurrency: 8,
} satisfies Config['webhooks']

const data = (answer: { status: number; body: Record<string, unknown> }) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields its subject answers
  return answer.body.data as Record<string, any>
}

describe.each(databaseKinds)('webhooks, on %s', (kind) => {
  let app: RunningApp
  let second: RunningApp | null = null
  let hook: Awaited<ReturnType<typeof receiver>>
  const log = createLogger('silent')

  beforeAll(async () => {
    app = await startApp(kind, { webhooks: WEBHOOKS })
    // On PostgreSQL a second instance on the same database, as behind a load balancer; PGlite is one process.
    if (kind === 'postgres') second = await startApp(kind, { webhooks: WEBHOOKS }, { sharing: app })
    hook = await receiver()
  })
  afterAll(async () => {
    await hook?.close()
    await second?.close()
    await app?.close()
  })
  afterEach(() => hook.answer((_req, res) => res.writeHead(200).end('ok')))

  const runnerOf = (on: RunningApp, now?: () => Date) =>
    createJobRunner({
      db: on.database.db,
      log,
      definitions: [webhookDeliveryJob(on.services)],
      pollMs: 10,
      concurrency: 8,
      ...(now ? { now } : {}),
    })

  /** Runs due deliveries on both instances at once until `until` holds (each round waits out the backoff). */
  async function deliverUntil(until: () => boolean, rounds = 200) {
    const runners = [runnerOf(app), runnerOf(second ?? app)]
    for (let round = 0; round < rounds && !until(); round++) {
      await Promise.all(runners.map((r) => r.runDue()))
      if (!until()) await new Promise((resolve) => setTimeout(resolve, 15))
    }
    await Promise.all(runners.map((r) => r.stop()))
  }

  async function shop(handle: string) {
    const seller = await sellerOf(app, handle)
    const buyer = await personOf(app, `${handle}-buyer@example.com`)
    const productId = await productOnSale(
      app,
      seller.id,
      {
        kind: 'digital',
        title: 'Taarab stems',
        slug: `${handle}-stems`,
        price: { amount: 500_00, currency: 'KES' },
      },
      [{ name: 'stems.zip', body: Buffer.from('stems') }],
    )
    const buy = async () => {
      const started = data(await app.call('startCheckout', { productId, method: 'card' }, buyer.token))
      expect((await submitSandboxCard(started.next.url, '4242 4242 4242 4242')).status).toBe(303)
      await app.sandboxesIdle()
      return started.orderId as string
    }
    return { seller, buy }
  }

  it('delivers each event once to each endpoint that asked for it, signed, with two instances delivering', async () => {
    const { seller, buy } = await shop('hooks-once')
    const made = await Promise.all(
      ['/a', '/b'].map(async (path) =>
        data(
          await app.call(
            'createWebhookEndpoint',
            { url: hook.url(path), events: ['order.paid', 'order.refunded'] },
            seller.token,
          ),
        ),
      ),
    )
    const secrets = new Map(made.map((m, i) => [i ? '/b' : '/a', m.secret as string]))
    // Another endpoint asks only for invoices: it gets none of these.
    data(
      await app.call(
        'createWebhookEndpoint',
        { url: hook.url('/c'), events: ['invoice.paid'] },
        seller.token,
      ),
    )
    const before = hook.got.length
    const orderIds = await Promise.all(Array.from({ length: 5 }, () => buy()))
    const refunded = orderIds[0] as string
    data(await app.call('refundOrder', { orderId: refunded }, seller.token))

    await deliverUntil(() => hook.got.length - before >= 12)
    const got = hook.got.slice(before)
    expect(got).toHaveLength(12)
    expect(got.some((r) => r.path === '/c')).toBe(false)
    const seen = new Set<string>()
    for (const r of got) {
      const body = JSON.parse(r.body)
      const key = `${r.path} ${body.id}`
      expect(seen.has(key), key).toBe(false)
      seen.add(key)
      expect(r.headers['soko-event-id']).toBe(body.id)
      expect(verify(secrets.get(r.path) as string, r.headers['soko-signature'] as string, r.body)).toBe(true)
      expect(verify('whsec_wrong', r.headers['soko-signature'] as string, r.body)).toBe(false)
    }
    const events = got.filter((r) => r.path === '/a').map((r) => JSON.parse(r.body))
    expect(
      events
        .filter((e) => e.type === 'order.paid')
        .map((e) => e.data.object.id)
        .sort(),
    ).toEqual([...orderIds].sort())
    const paid = events.find((e) => e.type === 'order.paid' && e.data.object.id === refunded)
    const back = events.find((e) => e.type === 'order.refunded')
    expect(back.data.object).toMatchObject({
      id: refunded,
      status: 'refunded',
      total: { amount: 500_00, currency: 'KES' },
    })
    expect(paid.data.object.status).toBe('paid')
    // What it bought, line by line.
    expect(paid.data.object.lines).toEqual([
      {
        position: 0,
        productId: expect.any(String),
        kind: 'digital',
        title: 'Taarab stems',
        item: 'Taarab stems',
        quantity: 1,
        unitPrice: { amount: 500_00, currency: 'KES' },
        shipping: { amount: 0, currency: 'KES' },
        discount: { amount: 0, currency: 'KES' },
        total: { amount: 500_00, currency: 'KES' },
        refunded: false,
        listPrice: null,
      },
    ])
    // A later state of the same object carries a larger version.
    expect(back.data.version).toBeGreaterThan(paid.data.version)

    // Running again delivers nothing more: every delivery is done.
    await deliverUntil(() => false, 3)
    expect(hook.got.length - before).toBe(12)
  })

  it('tries a delivery again after 500s and a timeout, with the same event id, until it is taken', async () => {
    const { seller, buy } = await shop('hooks-retry')
    const { endpoint } = data(
      await app.call(
        'createWebhookEndpoint',
        { url: hook.url('/retry'), events: ['order.paid'] },
        seller.token,
      ),
    ) as { endpoint: { id: string } }
    let tries = 0
    hook.answer((_req, res) => {
      tries++
      if (tries <= 2) res.writeHead(500).end('broken')
      else if (tries === 3) setTimeout(() => res.writeHead(200).end('too late'), WEBHOOKS.timeoutMs * 3)
      else res.writeHead(204).end()
    })
    const before = hook.got.length
    await buy()
    await deliverUntil(() => tries >= 4)
    const got = hook.got.slice(before)
    expect(got).toHaveLength(4)
    expect(new Set(got.map((r) => r.headers['soko-event-id'])).size).toBe(1)

    const listed = data(await app.call('listWebhookDeliveries', { endpointId: endpoint.id }, seller.token))
    const [delivery] = listed.deliveries as unknown as {
      id: string
      status: string
      attempts: number
      log: { responseStatus: number | null; error: string | null; trigger: string }[]
    }[]
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 4 })
    expect(delivery?.log.map((a) => a.responseStatus)).toEqual([204, null, 500, 500])
    expect(delivery?.log[1]?.error).toMatch(/no answer in 400 ms/)

    // Resend: the same event again, now.
    const resent = data(await app.call('resendWebhookDelivery', { deliveryId: delivery?.id }, seller.token))
    expect(resent.delivery).toMatchObject({ status: 'succeeded', attempts: 5 })
    expect(hook.got.at(-1)?.headers['soko-event-id']).toBe(got[0]?.headers['soko-event-id'])
    // Another seller sees none of it.
    const other = await sellerOf(app, 'hooks-nosy')
    expect((await app.call('resendWebhookDelivery', { deliveryId: delivery?.id }, other.token)).status).toBe(
      404,
    )
    expect((await app.call('listWebhookDeliveries', { endpointId: endpoint.id }, other.token)).status).toBe(
      404,
    )
  })

  it('disables an endpoint failing for the whole window, ends its deliveries and mails the seller', async () => {
    const { seller, buy } = await shop('hooks-down')
    const { endpoint } = data(
      await app.call(
        'createWebhookEndpoint',
        { url: hook.url('/down'), events: ['order.paid'] },
        seller.token,
      ),
    ) as { endpoint: { id: string } }
    hook.answer((_req, res) => res.writeHead(503).end('down'))
    await buy()
    let clock = Date.now()
    const later = runnerOf(app, () => new Date(clock))
    expect(await later.runDue()).toBe(1)
    const [first] = await app.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id))
    expect(first).toMatchObject({ status: 'enabled' })
    expect(first?.failingSince).not.toBeNull()
    // The window passes with every attempt failing.
    clock += WEBHOOKS.windowMs + 60_000
    expect(await later.runDue()).toBe(1)
    await later.stop()
    const [off] = await app.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id))
    expect(off).toMatchObject({ status: 'disabled', disabledReason: 'failing' })
    const deliveries = await app.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id))
    expect(deliveries.map((d) => d.status)).toEqual(['failed'])
    const mail = (await readOutbox(app.database.db)).filter((m) => m.to === 'hooks-down@example.com')
    expect(mail.map((m) => m.subject)).toContain('Soko stopped sending to your webhook endpoint')
    // A disabled endpoint gets no new deliveries; turned on again, it does, with a clean record.
    await buy()
    expect(
      await app.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id)),
    ).toHaveLength(1)
    const on = data(
      await app.call('updateWebhookEndpoint', { endpointId: endpoint.id, enabled: true }, seller.token),
    )
    expect(on.endpoint).toMatchObject({ status: 'enabled', failingSince: null, disabledReason: null })
  })

  it('refuses endpoint addresses that are not public https without the development switch', async () => {
    const strict = await startApp(
      kind,
      { webhooks: { ...WEBHOOKS, allowLoopback: false } },
      second ? { sharing: app } : {},
    )
    try {
      const seller = await sellerOf(strict, 'hooks-strict')
      const add = (url: string) =>
        strict.call('createWebhookEndpoint', { url, events: ['order.paid'] }, seller.token)
      for (const [url, code] of [
        ['http://example.com/hook', 'webhooks.httpsOnly'],
        ['https://user:pw@example.com/hook', 'webhooks.noCredentials'],
        ['https://127.0.0.1/hook', 'webhooks.notPublic'],
        ['https://10.1.2.3/hook', 'webhooks.notPublic'],
        ['https://[::1]/hook', 'webhooks.notPublic'],
        ['https://169.254.169.254/latest', 'webhooks.notPublic'],
        ['https://localhost/hook', 'webhooks.notPublic'],
        ['not an address', 'webhooks.giveUrl'],
      ] as const) {
        const answer = await add(url)
        expect(answer.status, url).toBe(400)
        expect(JSON.stringify(answer.body), url).toContain(code)
      }
      expect((await add('https://example.com/hook')).status).toBe(200)
    } finally {
      if (second) await strict.close()
      else await strict.close()
    }
  })
})

describe('the SSRF guard', () => {
  let hook: Awaited<ReturnType<typeof receiver>>
  beforeAll(async () => {
    hook = await receiver()
  })
  afterAll(() => hook.close())

  /** A resolver that answers from a script and counts the questions. */
  function scripted(...answers: string[][]) {
    const asked: string[] = []
    const resolve: Resolver = async (host) => {
      asked.push(host)
      const next = answers[Math.min(asked.length - 1, answers.length - 1)] ?? []
      return next.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
    }
    return { asked, resolve }
  }
  const post = (url: string, resolve: Resolver, allowLoopback: boolean) =>
    guardedPost(url, { 'content-type': 'application/json' }, '{}', {
      resolve,
      allowLoopback,
      timeoutMs: 2000,
    })

  it('refuses loopback, private and link-local answers before any connection is opened', async () => {
    const before = hook.connections()
    for (const [answer, why] of [
      [['127.0.0.1'], 'loopback'],
      [['10.0.0.8'], 'private'],
      [['192.168.1.20'], 'private'],
      [['169.254.169.254'], 'link-local'],
      [['fe80::1'], 'link-local'],
      [['::ffff:127.0.0.1'], 'loopback'],
      [['93.184.216.34', '10.0.0.8'], 'private'],
    ] as const) {
      const { resolve } = scripted([...answer])
      const https = await post(`https://hooks.example:${hook.port}/x`, resolve, false)
      expect(https, answer.join()).toMatchObject({ kind: 'refused' })
      expect((https as { error: string }).error).toContain(why)
    }
    expect(hook.connections()).toBe(before)
  })

  it('connects to the address it checked: a second lookup that would answer otherwise is never made', async () => {
    const { asked, resolve } = scripted(['127.0.0.1'], ['10.0.0.1'])
    const before = hook.got.length
    const result = await post(`http://rebind.example:${hook.port}/pinned`, resolve, true)
    expect(result).toMatchObject({ kind: 'answered', status: 200 })
    expect(asked).toEqual(['rebind.example'])
    expect(hook.got.slice(before).map((r) => r.path)).toEqual(['/pinned'])
    expect(hook.got.at(-1)?.headers.host).toBe(`rebind.example:${hook.port}`)
  })

  it('checks every redirect like the first address: one to a private or link-local address is refused', async () => {
    const { resolve } = scripted(['169.254.169.254'])
    for (const location of ['http://10.0.0.9/steal', 'http://metadata.example/latest/meta-data']) {
      hook.answer((_req, res) => res.writeHead(307, { location }).end())
      const before = hook.connections()
      const result = await post(hook.url('/redirect'), resolve, true)
      expect(result, location).toMatchObject({ kind: 'refused' })
      expect(hook.connections() - before).toBe(1)
    }
    // A redirect to a loopback address is followed under the development switch, and the POST sent again.
    hook.answer((req, res) =>
      req.path === '/moved'
        ? res.writeHead(308, { location: '/here' }).end()
        : res.writeHead(200).end('here'),
    )
    expect(await post(hook.url('/moved'), resolve, true)).toMatchObject({
      kind: 'answered',
      status: 200,
      url: hook.url('/here'),
    })
  })
})
