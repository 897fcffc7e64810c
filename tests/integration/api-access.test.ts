import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_ENDPOINTS, accessOf } from '../../contract/api'
import type { ApiScope } from '../../contract/developers.constants'
import { invoices, orders, products, users } from '../../server/db/schema'
import { ALL_SCOPES, apiOf, keyOf, pathFor, type StoreIds, storeOf, validBody } from '../support/api'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { databaseKinds } from '../support/db'
import { personOf } from '../support/shop'

/**
 * Who may do what through /api/v1: every endpoint without a key, with a key lacking its scope, with a read
 * key when it writes, and with another seller's key (even an admin's) on this seller's records.
 */
describe.each(databaseKinds)('the seller API’s keys and scopes, on %s', (kind) => {
  let app: RunningApp
  let api: ReturnType<typeof apiOf>
  let a: StoreIds
  let b: StoreIds
  let admin = ''

  beforeAll(async () => {
    const base = testConfig()
    app = await startApp(kind, { payouts: { ...base.payouts, holdDays: 0, newMethodWaitHours: 0 } })
    api = apiOf(app)
    admin = (await personOf(app, 'admin@example.com', { roles: ['admin'] })).token
    a = await storeOf(app, () => admin, 'apiseller-a', '0712345611')
    b = await storeOf(app, () => admin, 'apiseller-b', '0712345612')
  }, 120_000)
  afterAll(async () => {
    await app?.close()
  })

  it('answers 401 without a key, and with a key that is not one, on every endpoint', async () => {
    for (const endpoint of API_ENDPOINTS) {
      const method = endpoint.method.toUpperCase()
      const path = pathFor(endpoint, a)
      const none = await api(method, path, { body: validBody(endpoint.operationId, a) })
      expect(none.status, `${method} ${path}`).toBe(401)
      expect(none.body.error.code).toBe('api.noKey')
      expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/)
      const forged = await api(method, path, { key: 'soko_sk_notakeyatallnotakeyatallnotakeyatall' })
      expect(forged.status).toBe(401)
      expect(forged.body.error.code).toBe('api.badKey')
    }
  })

  it('refuses every endpoint to a key without its area, and every write to a read key', async () => {
    const keys = new Map<string, string>()
    const keyFor = async (scopes: ApiScope[]) => {
      const name = scopes.join(' ')
      if (!keys.has(name)) keys.set(name, (await keyOf(app, a.token, scopes, name.slice(0, 60))).secret)
      return keys.get(name) as string
    }
    for (const endpoint of API_ENDPOINTS) {
      const method = endpoint.method.toUpperCase()
      const path = pathFor(endpoint, a)
      const body = validBody(endpoint.operationId, a)
      const others = ALL_SCOPES.filter((scope) => !scope.startsWith(`${endpoint.area}:`))
      const without = await api(method, path, { key: await keyFor(others), body })
      expect(without.status, `${method} ${path} without ${endpoint.area}`).toBe(403)
      expect(without.body.error).toMatchObject({
        code: 'api.missingScope',
        message: expect.stringContaining(`${endpoint.area}:${accessOf(endpoint)}`),
      })
      if (accessOf(endpoint) === 'write') {
        const read = await api(method, path, {
          key: await keyFor([`${endpoint.area}:read` as ApiScope]),
          body,
        })
        expect(read.status, `${method} ${path} with a read key`).toBe(403)
      }
    }
    // Nothing of A's changed on the way.
    const [product] = await app.database.db.select().from(products).where(eq(products.id, a.productId))
    expect(product?.title).toBe('Nairobi Night Presets')
  })

  it("never shows or changes one seller's records to another seller's key, an admin's included", async () => {
    // B is an admin too: the key acts as a seller only.
    await app.database.db
      .update(users)
      .set({ roles: ['customer', 'seller', 'admin'] })
      .where(eq(users.id, b.id))
    const other = (await keyOf(app, b.token, ALL_SCOPES, 'Everything')).secret
    const aIds = [
      a.productId,
      a.orderId,
      a.invoiceId,
      a.payoutId,
      a.customerKey,
      a.endpointId,
      a.deliveryId,
      a.codeId,
      a.bundleId,
      a.membershipId,
      a.postId,
    ]
    for (const endpoint of API_ENDPOINTS) {
      const method = endpoint.method.toUpperCase()
      const body = validBody(endpoint.operationId, a)
      if (!endpoint.params) {
        // A list (or a new record): only B's own.
        if (accessOf(endpoint) === 'read') {
          const listed = await api(method, endpoint.path, { key: other })
          expect(listed.status, `${method} ${endpoint.path}`).toBe(200)
          for (const id of aIds) expect(JSON.stringify(listed.body)).not.toContain(id)
        }
        continue
      }
      const answer = await api(method, pathFor(endpoint, a), { key: other, body })
      expect(answer.status, `${method} ${pathFor(endpoint, a)} with another seller's key`).toBe(404)
      expect(JSON.stringify(answer.body)).not.toContain('Nairobi Night Presets')
    }
    const [order] = await app.database.db.select().from(orders).where(eq(orders.id, a.orderId))
    expect(order?.status).toBe('paid')
    const [invoice] = await app.database.db.select().from(invoices).where(eq(invoices.id, a.invoiceId))
    expect(invoice?.status).toBe('draft')
    // And B's own are B's to read.
    const own = await api('GET', `/orders/${b.orderId}`, { key: other })
    expect(own.status).toBe(200)
    expect(own.body.data.id).toBe(b.orderId)
  })

  it('lets a key do what its scopes say on its own seller’s records', async () => {
    const key = (await keyOf(app, a.token, ALL_SCOPES, 'All of it')).secret
    for (const endpoint of API_ENDPOINTS.filter((e) => e.method === 'get')) {
      const answer = await api('GET', pathFor(endpoint, a), { key })
      expect(answer.status, `GET ${pathFor(endpoint, a)}: ${JSON.stringify(answer.body)}`).toBe(200)
    }
    const sent = await api('POST', `/invoices/${a.invoiceId}/send`, { key })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(sent.body.data).toMatchObject({ id: a.invoiceId, status: 'sent' })
    const renamed = await api('PATCH', `/products/${a.productId}`, {
      key,
      body: { title: 'Renamed by a tool' },
    })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect(renamed.body.data.title).toBe('Renamed by a tool')
  })
})
