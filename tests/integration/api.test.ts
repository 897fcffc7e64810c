import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_ENDPOINTS } from '../../contract/api'
import { API_KEY_REQUESTS_PER_MINUTE, MAX_API_KEYS } from '../../contract/developers.constants'
import { apiIdempotency, apiKeys, invoices } from '../../server/db/schema'
import { ALL_SCOPES, apiOf, keyOf } from '../support/api'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { invoiceDraft } from '../support/invoices'
import { sellerOf } from '../support/shop'

/** The API's keys, its retries (Idempotency-Key), its pages, its rate and its record of what keys did. */
describe.each(databaseKinds)('the seller API, on %s', (kind) => {
  let app: RunningApp
  let api: ReturnType<typeof apiOf>

  beforeAll(async () => {
    app = await startApp(kind)
    api = apiOf(app)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('shows a key once, keeps only its hash, lists it with its last use, and a revoked key stops at once', async () => {
    const seller = await sellerOf(app, 'keys-once')
    const made = await app.call('createApiKey', { name: 'Website', scopes: ['orders:read'] }, seller.token)
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const { secret, key } = made.body.data as { secret: string; key: { id: string; prefix: string } }
    expect(secret).toMatch(/^soko_sk_[A-Za-z0-9]{40}$/)
    expect(secret.startsWith(key.prefix)).toBe(true)
    const [row] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id))
    expect(JSON.stringify(row)).not.toContain(secret.slice(8))
    const listed = await app.call('listApiKeys', {}, seller.token)
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(8))
    expect(listed.body.data).toMatchObject({ keys: [{ id: key.id, name: 'Website', lastUsedAt: null }] })

    expect((await api('GET', '/orders', { key: secret })).status).toBe(200)
    const used = await app.call('listApiKeys', {}, seller.token)
    expect((used.body.data as { keys: { lastUsedAt: string | null }[] }).keys[0]?.lastUsedAt).not.toBeNull()

    // Another seller cannot revoke it; its own seller can, once.
    const other = await sellerOf(app, 'keys-other')
    expect((await app.call('revokeApiKey', { keyId: key.id }, other.token)).status).toBe(404)
    expect((await app.call('revokeApiKey', { keyId: key.id }, seller.token)).status).toBe(200)
    expect((await app.call('revokeApiKey', { keyId: key.id }, seller.token)).status).toBe(409)
    const after = await api('GET', '/orders', { key: secret })
    expect(after.status).toBe(401)
    expect(after.body.error.code).toBe('api.badKey')
  })

  it('refuses a key without a name or scopes, a scope that writes payouts, and an RPC call made with a key', async () => {
    const seller = await sellerOf(app, 'keys-refused')
    const bad = await app.call('createApiKey', { name: '  ', scopes: ['payouts:write'] }, seller.token)
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors as object)).toEqual(expect.arrayContaining(['name', 'scopes.0']))
    const none = await app.call('createApiKey', { name: 'Empty', scopes: [] }, seller.token)
    expect(none.body.errors).toMatchObject({ scopes: 'Choose what the key may do' })
    const nul = await app.call('createApiKey', { name: 'Site\u0000', scopes: ['orders:read'] }, seller.token)
    expect(nul.status).toBe(400)
    expect(Object.keys(nul.body.errors as object)).toEqual(['name'])
    // Markup in a name is kept as text, never read as markup (the page escapes it).
    const hostile = '<img src=x onerror=alert(1)>'
    const marked = await app.call('createApiKey', { name: hostile, scopes: ['orders:read'] }, seller.token)
    expect(marked.status).toBe(200)
    expect((marked.body.data as { key: { name: string } }).key.name).toBe(hostile)
    // A key is not a session: the app's RPC does not take it.
    const { secret } = await keyOf(app, seller.token, ALL_SCOPES)
    expect((await app.call('listApiKeys', {}, secret)).status).toBe(600)
  })

  it(`keeps a seller to ${MAX_API_KEYS} keys, however many are made at once`, async () => {
    const seller = await sellerOf(app, 'keys-many')
    const made = await Promise.all(
      Array.from({ length: MAX_API_KEYS + 5 }, (_, i) =>
        app.call('createApiKey', { name: `Key ${i}`, scopes: ['products:read'] }, seller.token),
      ),
    )
    expect(made.filter((m) => m.status === 200)).toHaveLength(MAX_API_KEYS)
    expect(made.filter((m) => m.status === 409)).toHaveLength(5)
  })

  it('does a POST once per Idempotency-Key: a replay gets the first answer, another body is refused', async () => {
    const seller = await sellerOf(app, 'idem-seller')
    const { secret } = await keyOf(app, seller.token, ['invoices:write'])
    const body = { invoice: invoiceDraft() }
    const missing = await api('POST', '/invoices', { key: secret, body, idempotencyKey: null })
    expect(missing.status).toBe(400)
    expect(missing.body.error.code).toBe('api.noIdempotencyKey')

    const once = randomUUID()
    const first = await api('POST', '/invoices', { key: secret, body, idempotencyKey: once })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    const again = await api('POST', '/invoices', { key: secret, body, idempotencyKey: once })
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
    const other = await api('POST', '/invoices', {
      key: secret,
      body: { invoice: invoiceDraft({ notes: 'Another' }) },
      idempotencyKey: once,
    })
    expect(other.status).toBe(422)
    expect(other.body.error.code).toBe('api.idempotencyKeyReused')

    // Ten at once with one key, across the app: one invoice, every answer the same invoice or "retry".
    const shared = randomUUID()
    const ten = await Promise.all(
      Array.from({ length: 10 }, () =>
        api('POST', '/invoices', { key: secret, body, idempotencyKey: shared }),
      ),
    )
    for (const answer of ten) expect([201, 409]).toContain(answer.status)
    const ids = new Set(ten.filter((t) => t.status === 201).map((t) => t.body.data.id))
    expect(ids.size).toBe(1)
    const stored = await app.database.db.select().from(invoices).where(eq(invoices.sellerId, seller.id))
    expect(stored).toHaveLength(2)

    // A refusal is kept too: the same bad request is refused the same, without running again.
    const bad = randomUUID()
    const refused = await api('POST', '/invoices', {
      key: secret,
      body: { invoice: {} },
      idempotencyKey: bad,
    })
    expect(refused.status).toBe(400)
    const refusedAgain = await api('POST', '/invoices', {
      key: secret,
      body: { invoice: {} },
      idempotencyKey: bad,
    })
    expect(refusedAgain.headers.get('idempotent-replayed')).toBe('true')
    const kept = await app.database.db.select().from(apiIdempotency).where(eq(apiIdempotency.key, bad))
    expect(kept).toMatchObject([{ status: 'done', responseStatus: 400 }])

    // A day later the key is free: the same key with another request is a new request.
    await app.database.db
      .update(apiIdempotency)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(apiIdempotency.key, once))
    const dayLater = await api('POST', '/invoices', {
      key: secret,
      body: { invoice: invoiceDraft({ notes: 'A day later' }) },
      idempotencyKey: once,
    })
    expect(dayLater.status).toBe(201)
    expect(dayLater.body.data.id).not.toBe(first.body.data.id)
    const bad255 = await api('POST', '/invoices', { key: secret, body, idempotencyKey: 'x'.repeat(256) })
    expect(bad255.body.error.code).toBe('api.badIdempotencyKey')
  })

  it('does a POST once when ten copies arrive at once at two instances, and counts one rate for both', async () => {
    const other = kind === 'postgres' ? await startApp(kind, {}, { sharing: app }) : null
    try {
      const seller = await sellerOf(app, 'idem-two')
      const { secret, id } = await keyOf(app, seller.token, ['invoices:write'])
      const apis = [api, other ? apiOf(other) : api]
      const shared = randomUUID()
      const body = { invoice: invoiceDraft() }
      const ten = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (apis[i % 2] ?? api)('POST', '/invoices', { key: secret, body, idempotencyKey: shared }),
        ),
      )
      for (const answer of ten) expect([201, 409]).toContain(answer.status)
      const stored = await app.database.db.select().from(invoices).where(eq(invoices.sellerId, seller.id))
      expect(stored).toHaveLength(1)
      for (const answer of ten.filter((t) => t.status === 201))
        expect(answer.body.data.id).toBe(stored[0]?.id)
      // Both instances counted every request of the key in the one counter the database keeps.
      const counted = await app.database.db.execute(
        sql`select hits from rate_limits where key = ${`api:key:${id}`}`,
      )
      expect((counted as unknown as { rows: { hits: number }[] }).rows.map((r) => Number(r.hits))).toEqual([
        10,
      ])
    } finally {
      await other?.close()
    }
  })

  it('gives each list a page at a time, each page the same whatever is added meanwhile', async () => {
    const seller = await sellerOf(app, 'pages-seller')
    const { secret } = await keyOf(app, seller.token, ['products:write', 'invoices:write'])
    const make = (i: number) =>
      api('POST', '/products', {
        key: secret,
        body: {
          kind: 'digital',
          title: `Pack ${i}`,
          description: '',
          price: { amount: 100_00, currency: 'KES' },
        },
      })
    for (let i = 0; i < 5; i++) expect((await make(i)).status).toBe(201)
    const first = await api('GET', '/products?limit=2', { key: secret })
    expect(first.body.data.map((p: { title: string }) => p.title)).toEqual(['Pack 4', 'Pack 3'])
    // Two more arrive between the pages: the next pages go on where the first stopped.
    expect((await make(5)).status).toBe(201)
    expect((await make(6)).status).toBe(201)
    const titles: string[] = []
    let cursor: string | null = first.body.nextCursor
    while (cursor) {
      const page = await api('GET', `/products?limit=2&cursor=${cursor}`, { key: secret })
      expect(page.status, JSON.stringify(page.body)).toBe(200)
      titles.push(...page.body.data.map((p: { title: string }) => p.title))
      cursor = page.body.nextCursor
    }
    expect(titles).toEqual(['Pack 2', 'Pack 1', 'Pack 0'])

    for (let i = 0; i < 3; i++)
      expect(
        (await api('POST', '/invoices', { key: secret, body: { invoice: invoiceDraft() } })).status,
      ).toBe(201)
    const invoicePage = await api('GET', '/invoices?limit=2', { key: secret })
    expect(invoicePage.body.data).toHaveLength(2)
    const seen = invoicePage.body.data.map((i: { id: string }) => i.id)
    expect((await api('POST', '/invoices', { key: secret, body: { invoice: invoiceDraft() } })).status).toBe(
      201,
    )
    const next = await api(
      'GET',
      `/invoices?limit=2&cursor=${encodeURIComponent(invoicePage.body.nextCursor)}`,
      {
        key: secret,
      },
    )
    expect(next.body.data).toHaveLength(1)
    expect(seen).not.toContain(next.body.data[0].id)
    expect(next.body.nextCursor).toBeNull()

    const wrong = await api('GET', '/products?limit=many', { key: secret })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toMatchObject({
      field: 'limit',
      fields: [{ field: 'limit', code: 'api.badQuery' }],
    })
    const unknown = await api('GET', '/products?color=red', { key: secret })
    expect(unknown.body.error).toMatchObject({ field: 'color', fields: [{ code: 'field.unknown' }] })
  })

  it('refuses a forged page marker on every list with 400, never a server error', async () => {
    const seller = await sellerOf(app, 'cursor-forger')
    const { secret } = await keyOf(app, seller.token, ALL_SCOPES)
    const forged = [
      'garbage',
      '$&',
      '%00',
      Buffer.from(JSON.stringify(['not-a-date', 'e:x@example.com'])).toString('base64url'),
      Buffer.from(JSON.stringify([{}, 'e:x@example.com'])).toString('base64url'),
      encodeURIComponent(`2026-13-45T99:99:00Z|${'-'.repeat(36)}`),
      encodeURIComponent(`2026-12-01T09:00:00.000Z|${'-'.repeat(36)}`),
    ]
    // A list inside a record of theirs (an endpoint's deliveries) is asked of a real one.
    const hook = await app.call(
      'createWebhookEndpoint',
      { url: 'https://hooks.example.com/cursors', events: ['order.paid'] },
      seller.token,
    )
    const endpointId = (hook.body.data as { endpoint: { id: string } }).endpoint.id
    for (const endpoint of API_ENDPOINTS.filter((e) => e.list))
      for (const cursor of forged) {
        const path = endpoint.path.replace('{id}', endpointId)
        const answer = await api('GET', `${path}?cursor=${cursor}`, { key: secret })
        expect(answer.status, `${path}?cursor=${cursor}: ${JSON.stringify(answer.body)}`).toBe(400)
        expect(answer.body.error.field).toBe('cursor')
      }
    // A key the body must not have, however it is named.
    for (const key of ['toString', '__proto__', 'constructor']) {
      const answer = await fetch(`${app.url}/api/v1/invoices`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'idempotency-key': randomUUID() },
        body: `{"invoice": {}, "${key}": 1}`,
      })
      const body = (await answer.json()) as { error: { field: string; fields: unknown[] } }
      expect(answer.status).toBe(400)
      expect(body.error).toMatchObject({
        field: key,
        fields: [{ field: key, message: `Unknown field: createInvoice does not take ${key}` }],
      })
    }
  })

  it(`holds each key to ${API_KEY_REQUESTS_PER_MINUTE} requests a minute, not its seller's other keys`, async () => {
    const seller = await sellerOf(app, 'rate-seller')
    const busy = (await keyOf(app, seller.token, ['orders:read'], 'Busy')).secret
    const calm = (await keyOf(app, seller.token, ['orders:read'], 'Calm')).secret
    let answered = 0
    while (answered < API_KEY_REQUESTS_PER_MINUTE) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => api('GET', '/balance', { key: busy })))
      expect(batch.map((b) => b.status)).toEqual(Array(10).fill(403))
      answered += 10
    }
    const over = await api('GET', '/orders', { key: busy })
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(over.body.error.code).toBe('api.tooManyRequests')
    expect((await api('GET', '/orders', { key: calm })).status).toBe(200)
  })

  it('records every write a key made or tried in the seller’s activity, and no read', async () => {
    const seller = await sellerOf(app, 'activity-seller')
    const { secret, id } = await keyOf(app, seller.token, ['invoices:write'], 'Billing bot')
    const made = await api('POST', '/invoices', { key: secret, body: { invoice: invoiceDraft() } })
    await api('POST', '/invoices', { key: secret, body: { invoice: {} } })
    await api('GET', '/invoices', { key: secret })
    const activity = await app.call('listApiActivity', {}, seller.token)
    expect(activity.body.data).toMatchObject({
      entries: [
        {
          keyId: id,
          keyName: 'Billing bot',
          operation: 'createInvoice',
          status: 400,
          errorCode: 'request.fields',
        },
        { keyId: id, operation: 'createInvoice', status: 201, targetId: made.body.data.id, method: 'POST' },
      ],
      nextCursor: null,
    })
    const other = await sellerOf(app, 'activity-other')
    expect((await app.call('listApiActivity', {}, other.token)).body.data).toEqual({
      entries: [],
      nextCursor: null,
    })
  })

  it('answers an unknown path 404 and a wrong method 405 in JSON, in Kiswahili when asked', async () => {
    const seller = await sellerOf(app, 'paths-seller')
    const { secret } = await keyOf(app, seller.token, ALL_SCOPES)
    const missing = await api('GET', '/nothing', { key: secret })
    expect(missing.status).toBe(404)
    expect(missing.body.error.code).toBe('api.notFound')
    const wrong = await api('PUT', '/invoices', { key: secret })
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('GET, POST')
    const sw = await api('POST', '/invoices', {
      key: secret,
      body: { invoice: {} },
      headers: { 'accept-language': 'sw-KE,sw;q=0.9' },
    })
    expect(sw.status).toBe(400)
    expect(sw.body.error.message).not.toBe('Some fields need attention: see errors')
    const notJson = await fetch(`${app.url}/api/v1/invoices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'idempotency-key': randomUUID() },
      body: '{"invoice":',
    })
    expect(notJson.status).toBe(400)
    expect(((await notJson.json()) as { error: { code: string } }).error.code).toBe('api.notJson')
  })
})
