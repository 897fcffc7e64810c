import { Validator } from '@seriousme/openapi-schema-validator'
import Ajv2020 from 'ajv/dist/2020'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_ENDPOINTS } from '../../contract/api'
import { ALL_SCOPES, apiOf, keyOf, pathFor, type StoreIds, storeOf, validBody } from '../support/api'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { databaseKinds } from '../support/db'
import { personOf } from '../support/shop'

interface Operation {
  operationId: string
  parameters?: { name: string; in: string; required?: boolean }[]
  responses: Record<string, { content?: { 'application/json': { schema: object } } }>
}

/**
 * /api/v1/openapi.json is a valid OpenAPI 3.1 document, and the API is what it says: every path and method
 * in it is called with a seller's key, and each answer's status is one it lists, its body valid against
 * the schema it gives for that status.
 */
describe.each(databaseKinds)('the API’s OpenAPI description, on %s', (kind) => {
  let app: RunningApp
  let api: ReturnType<typeof apiOf>
  let store: StoreIds
  let key = ''

  beforeAll(async () => {
    const base = testConfig()
    app = await startApp(kind, { payouts: { ...base.payouts, holdDays: 0, newMethodWaitHours: 0 } })
    api = apiOf(app)
    const admin = (await personOf(app, 'admin@example.com', { roles: ['admin'] })).token
    store = await storeOf(app, () => admin, 'openapi-seller', '0712345621')
    key = (await keyOf(app, store.token, ALL_SCOPES)).secret
  }, 120_000)
  afterAll(async () => {
    await app?.close()
  })

  it('is a valid OpenAPI 3.1 document naming every endpoint, served without a key', async () => {
    const res = await fetch(`${app.url}/api/v1/openapi.json`)
    expect(res.status).toBe(200)
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, Operation>> }
    const validator = new Validator()
    const result = await validator.validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(doc.openapi).toBe('3.1.0')
    const named = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods).map((op) => op.operationId),
    )
    expect(named.sort()).toEqual(API_ENDPOINTS.map((e) => e.operationId).sort())
  })

  it('answers every path as documented: a listed status, and a body its schema takes', async () => {
    const doc = (await (await fetch(`${app.url}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>
      components: { schemas: Record<string, object> }
    }
    const ajv = new Ajv2020({ strict: false, validateFormats: false })
    ajv.addSchema({ $id: 'soko', components: doc.components })
    // Reads first, then writes, the deletion last: each write finds its record as the reads did.
    const calls = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })))
      .sort((x, y) => order(x.method) - order(y.method))
    for (const { path, method, op } of calls) {
      const endpoint = API_ENDPOINTS.find((e) => e.operationId === op.operationId)
      if (!endpoint) throw new Error(`${op.operationId} is not in the table`)
      const answer = await api(method.toUpperCase(), pathFor({ ...endpoint, path }, store), {
        key,
        body: validBody(op.operationId, store),
      })
      const listed = op.responses[String(answer.status)]
      expect(
        listed,
        `${method.toUpperCase()} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
      ).toBeDefined()
      const schema = listed?.content?.['application/json'].schema
      if (!schema) continue
      const check = ajv.compile(
        JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"soko#/components')),
      )
      expect(check(answer.body), `${op.operationId}: ${JSON.stringify(check.errors)}`).toBe(true)
    }
  })
})

const order = (method: string) => ({ get: 0, post: 1, patch: 1, delete: 2 })[method] ?? 1
