import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_JSON_DEPTH } from '../../server/lib/json-depth'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
const TOO_DEEP = `The request nests deeper than ${MAX_JSON_DEPTH} levels: send a flatter body`

/**
 * Bodies nested deep enough to make whatever walks them slow (a 40 KB `[[[[…` took an instance 5–9 s, a
 * megabyte would take hours) are refused with 400 before anything else reads them: on the RPC endpoint,
 * signed in or not, and on every provider hook and sandbox API.
 */
describe.each(databaseKinds)('bodies nested too deep, on %s', (kind) => {
  let app: RunningApp
  beforeAll(async () => {
    app = await startApp(kind)
  })
  afterAll(async () => {
    await app?.close()
  })

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    })

  it('refuses an RPC call nested deeper than the limit with 400, from 40 KB to the 1 MB limit, and still answers', async () => {
    for (const depth of [20_000, 500_000]) {
      const answer = await app.rpc(`{"subject":"getSettings","x":${nested(depth)}}`)
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ statusCode: 400, message: TOO_DEEP, errors: { _: TOO_DEEP } })
    }
    // Objects count as arrays do; a bad token changes nothing (refused before the session is looked up).
    const objects = `{"subject":"getSettings","x":${'{"a":'.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH)}}`
    const deepObjects = await app.rpc(objects, { authorization: 'Bearer not-a-token' })
    expect(deepObjects.body.message).toBe(TOO_DEEP)
    expect((await app.call('getSettings')).status).toBe(200)
  })

  it('reads brackets in text as text, and leaves bodies within the limit to the schema', async () => {
    const withinLimit = await app.rpc(`{"subject":"getSettings","x":${nested(MAX_JSON_DEPTH - 1)}}`)
    expect(withinLimit.status).toBe(400)
    expect(withinLimit.body.message).not.toBe(TOO_DEEP)
    const text = await app.rpc({ subject: 'getSettings', x: `"${'['.repeat(100_000)}` })
    expect(text.body.message).not.toBe(TOO_DEEP)
  })

  it('refuses deep bodies on provider hooks and sandbox APIs with 400, and oversized ones with 413', async () => {
    const deep = `{"Body":${nested(200_000)}}`
    for (const path of [
      '/hooks/mpesa/stk/00000000-0000-7000-8000-000000000000/x',
      '/hooks/mpesa/b2c/result/x',
      '/hooks/stripe',
      '/hooks/paypal',
      '/sandbox/paypal/v2/checkout/orders',
    ]) {
      const answer = await post(path, deep)
      expect(answer.status, path).toBe(400)
      expect(await answer.json()).toEqual({
        message: TOO_DEEP,
        code: 'request.tooDeep',
        params: { depth: MAX_JSON_DEPTH },
      })
    }
    const huge = await post('/hooks/stripe', JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }))
    expect(huge.status).toBe(413)
    // Chunked, with no length given: counted as it comes.
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(64 * 1024)))
        controller.close()
      },
    })
    const chunked = await fetch(`${app.url}/hooks/paypal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit)
    expect(chunked.status).toBe(413)
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200)
  })
})
