import { rmSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createApp } from '../../server/app'
import { openDatabase } from '../../server/db/client'
import { createLogger } from '../../server/lib/log'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { createScratchDatabase, databaseKinds, migrationsDir } from '../support/db'
import { eventInput } from '../support/event-input'
import { fixtureBuild } from '../support/fixture-build'
import { submitSandboxCard } from '../support/sandbox-card'
import { personOf, sellerOf } from '../support/shop'

type Answer = Awaited<ReturnType<RunningApp['call']>>
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
const data = (answer: Answer) => answer.body.data as Record<string, any>

const version = async (app: RunningApp) => {
  const rows = await app.database.db.execute(sql`select version from catalog_state`)
  return Number((rows as unknown as { rows: { version: string | number }[] }).rows[0]?.version)
}

describe.each(databaseKinds)('the catalog kept in memory on %s', (kind) => {
  let app: RunningApp
  let clientDir: string
  let seller: { id: string; token: string }
  let buyer: { token: string }
  let eventId: string
  let slug: string

  beforeAll(async () => {
    clientDir = fixtureBuild()
    app = await startApp(kind, { clientDir })
    seller = await sellerOf(app, 'cache-seller')
    buyer = await personOf(app, 'cache-buyer@example.com')
    const created = await app.call(
      'createProduct',
      { ...eventInput('Two seats only', { daysAhead: 30, capacity: 2 }), category: 'Events' },
      seller.token,
    )
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    eventId = data(created).product.id
    slug = data(created).product.slug
    await app.database.db.execute(
      sql`update products set status = 'published', published_at = now() where id = ${eventId}`,
    )
  })
  afterAll(async () => {
    await app.close()
    rmSync(path.dirname(clientDir), { recursive: true, force: true })
  })

  const payload = async () => {
    const res = await fetch(`${app.url}/${slug}/_payload.json`, { headers: { 'accept-encoding': 'br' } })
    expect(res.status).toBe(200)
    return {
      etag: res.headers.get('etag'),
      encoding: res.headers.get('content-encoding'),
      // biome-ignore lint/suspicious/noExplicitAny: the page's payload as sent
      page: (await res.json()) as any,
    }
  }
  const page = async () => {
    const res = await fetch(`${app.url}/${slug}`)
    expect(res.status).toBe(200)
    return res.text()
  }

  it('answers the same bytes until a change is committed, compressed as asked', async () => {
    const first = await payload()
    const again = await payload()
    expect(again.etag).toBe(first.etag)
    expect(first.encoding).toBe('br')
    expect(first.page.product.title).toBe('Two seats only')
    expect(await page()).toContain('Two seats only')

    const before = await version(app)
    const renamed = await app.call(
      'updateProduct',
      { id: eventId, title: 'Two seats, renamed' },
      seller.token,
    )
    expect(renamed.status).toBe(200)
    expect(await version(app)).toBeGreaterThan(before)
    // The very next request, on the instance that wrote: the change is there, in the payload and the page.
    expect((await payload()).page.product.title).toBe('Two seats, renamed')
    expect(await page()).toContain('Two seats, renamed')
  })

  it("keeps a page once per language: a cache in front is told it depends on the visitor's language", async () => {
    const ask = (language: string) =>
      fetch(`${app.url}/${slug}`, { headers: { 'accept-language': language } })
    const french = await ask('fr-FR,fr;q=0.9')
    expect(french.headers.get('vary')).toMatch(/Accept-Language/)
    const english = await ask('en-US')
    expect(english.headers.get('vary')).toMatch(/Accept-Language/)
    // The payload is the same whatever the language: the app writes its figures.
    const json = await fetch(`${app.url}/${slug}/_payload.json`, { headers: { 'accept-language': 'fr-FR' } })
    expect(json.headers.get('vary') ?? '').not.toMatch(/Accept-Language/)
  })

  it('says "Sold out" the moment orders hold the last seats, and offers them again once let go', async () => {
    expect((await payload()).page.product.soldOut).toBe(false)
    const started = await app.call(
      'startCheckout',
      { productId: eventId, method: 'card', quantity: 2 },
      buyer.token,
    )
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const held = (await payload()).page.product
    expect(held.soldOut).toBe(true)
    expect(held.details.ticketTypes[0].left).toBe(0)
    expect(await page()).toContain('"soldOut":true')

    const cancelled = await app.call(
      'cancelOrder',
      { orderId: data(started).orderId, key: data(started).accessKey },
      buyer.token,
    )
    expect(cancelled.status).toBe(200)
    const again = (await payload()).page.product
    expect(again.soldOut).toBe(false)
    expect(again.details.ticketTypes[0].left).toBe(2)
  })

  it('a waiting order is answered the moment its payment is settled, not at the next poll', async () => {
    const started = await app.call('startCheckout', { productId: eventId, method: 'card' }, buyer.token)
    expect(started.status).toBe(200)
    const { orderId, accessKey: key } = data(started)
    let answeredAt = 0
    const waiting = app
      .call('getOrder', { orderId, key, waitWhile: 'pending' }, buyer.token)
      .then((answer) => {
        answeredAt = Date.now()
        return answer
      })
    // Still waiting a moment later: it is held, not answered at once.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(answeredAt).toBe(0)
    expect((await submitSandboxCard(data(started).next.url, '4242 4242 4242 4242')).status).toBe(303)
    await app.sandboxesIdle()
    const paidAt = Date.now()
    const answer = await waiting
    expect(data(answer).order.status).toBe('paid')
    expect(answeredAt - paidAt).toBeLessThan(500)

    // Paid already: the same question is answered at once.
    const again = Date.now()
    const paid = await app.call('getOrder', { orderId, key, waitWhile: 'pending' }, buyer.token)
    expect(data(paid).order.status).toBe('paid')
    expect(Date.now() - again).toBeLessThan(500)
  })
})

/** Two instances behind a load balancer: a change committed through either is in the other's next answer. */
describe.runIf(process.env.DATABASE_URL)('the catalog kept by two instances on one PostgreSQL', () => {
  it('answers a rate changed through the other instance at its very next request', async () => {
    const scratch = await createScratchDatabase(inject('postgresTemplate') || undefined)
    const [a, b] = await Promise.all([
      openDatabase({ kind: 'postgres', url: scratch.url }, migrationsDir),
      openDatabase({ kind: 'postgres', url: scratch.url }, migrationsDir),
    ])
    const log = createLogger('warn', () => {})
    const appA = createApp({ config: testConfig(), database: a, log })
    createApp({ config: testConfig(), database: b, log })
    const explore = async () => {
      const res = await appA.fetch(new Request('http://soko.test/explore/_payload.json'))
      expect(res.status).toBe(200)
      return (await res.json()) as { rates: { perUsd: Record<string, number> } }
    }
    try {
      await b.db.execute(
        sql`insert into exchange_rates (currency, per_usd) values ('KES', 130) on conflict (currency) do update set per_usd = 130`,
      )
      expect((await explore()).rates.perUsd.KES).toBe(130)
      expect((await explore()).rates.perUsd.KES).toBe(130)
      // Instance B's commit; A has never been told, and reads it from the database's version.
      await b.db.execute(sql`update exchange_rates set per_usd = 131.5 where currency = 'KES'`)
      expect((await explore()).rates.perUsd.KES).toBe(131.5)
    } finally {
      await a.close()
      await b.close()
      await scratch.drop()
    }
  })
})
