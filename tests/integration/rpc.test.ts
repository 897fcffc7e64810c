import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_RPC_BODY_BYTES } from '../../contract/rpc'
import { createUser } from '../../server/features/accounts/accounts.service'
import { createSession, revokeSession } from '../../server/features/accounts/sessions'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'

describe.each(databaseKinds)('RPC protocol on %s', (kind) => {
  let app: RunningApp
  beforeAll(async () => {
    app = await startApp(kind)
  })
  afterAll(() => app.close())

  it('answers getSettings with the platform settings and HTTP status = statusCode', async () => {
    const { status, body } = await app.rpc({ subject: 'getSettings' })
    expect(status).toBe(200)
    expect(body.statusCode).toBe(200)
    expect(body.message).toBe('OK')
    const data = body.data as { platform: Record<string, unknown>; user: unknown }
    expect(data.platform.siteName).toBe('Soko')
    expect(data.platform.currencies).toContainEqual({ code: 'KES', name: 'Kenyan shilling', minorUnits: 2 })
    expect(data.platform.paymentMethods).toContainEqual(
      expect.objectContaining({ id: 'mpesa', enabled: true }),
    )
    expect(data.platform.fees).toEqual(expect.objectContaining({ saleFeeBps: 500 }))
    expect(data.platform.limits).toEqual(expect.objectContaining({ maxUploadBytes: 2 * 1024 ** 3 }))
    expect(data.user).toBeNull()
  })

  it("adds a signed-in caller's own settings", async () => {
    const user = await createUser(app.database.db, {
      email: 'amina@example.com',
      name: 'Amina',
      password: 'a long password',
    })
    const { token } = await createSession(app.database.db, user.id)
    const { body } = await app.rpc({ subject: 'getSettings' }, { authorization: `Bearer ${token}` })
    expect((body.data as { user: unknown }).user).toEqual({
      currency: 'KES',
      language: 'en',
      timeZone: 'Africa/Nairobi',
      emailNotifications: true,
      smsReceipts: true,
      smsPayouts: true,
      smsReminders: true,
      smsPosts: true,
      recoverCheckouts: true,
      recoverBySms: true,
      payoutSchedule: 'weekly',
    })
  })

  it('treats an unknown token on a public subject as signed out', async () => {
    const { status, body } = await app.rpc(
      { subject: 'getSettings' },
      { authorization: 'Bearer not-a-token' },
    )
    expect(status).toBe(200)
    expect((body.data as { user: unknown }).user).toBeNull()
  })

  it('answers 600 on a subject that needs a session when there is none, or it was revoked', async () => {
    const none = await app.rpc({ subject: 'getMe' })
    expect(none.status).toBe(600)
    expect(none.body.statusCode).toBe(600)

    const user = await createUser(app.database.db, {
      email: 'baraka@example.com',
      name: 'Baraka',
      password: 'a long password',
    })
    const session = await createSession(app.database.db, user.id)
    const auth = { authorization: `Bearer ${session.token}` }
    const ok = await app.rpc({ subject: 'getMe' }, auth)
    expect(ok.status).toBe(200)
    expect((ok.body.data as { user: { email: string } }).user.email).toBe('baraka@example.com')

    const [row] = await app.database.db.query.sessions.findMany({
      where: (s, { eq }) => eq(s.userId, user.id),
    })
    await revokeSession(app.database.db, row?.id ?? '')
    const revoked = await app.rpc({ subject: 'getMe' }, auth)
    expect(revoked.status).toBe(600)
  })

  it('answers 400 "Unknown subject: X" for a subject the contract does not declare', async () => {
    const { status, body } = await app.rpc({ subject: 'stealEverything' })
    expect(status).toBe(400)
    expect(body.message).toBe('Unknown subject: stealEverything')
    // Not even properties of Object.prototype count as subjects.
    expect((await app.rpc({ subject: 'constructor' })).body.message).toBe('Unknown subject: constructor')
  })

  it('answers 400 for malformed JSON and for a body without a subject', async () => {
    const malformed = await app.rpc('{"subject": ')
    expect(malformed.status).toBe(400)
    expect(malformed.body.statusCode).toBe(400)
    const missing = await app.rpc({ name: 'x' })
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual({ subject: 'Required' })
  })

  it('validates input before any handler runs, with a message per field', async () => {
    const { status, body } = await app.rpc({ subject: 'getSettings', currency: 'KES' })
    expect(status).toBe(400)
    expect(body.errors).toEqual({ currency: 'Unknown field: getSettings does not take currency' })
  })

  it('answers 413 for a body over 1 MB', async () => {
    const big = JSON.stringify({ subject: 'getSettings', pad: 'x'.repeat(MAX_RPC_BODY_BYTES) })
    const { status, body } = await app.rpc(big)
    expect(status).toBe(413)
    expect(body.statusCode).toBe(413)
  })

  it('counts a body sent in chunks as it arrives: a small one is read, one over 1 MB answers 413', async () => {
    const chunked = (text: string) => {
      const bytes = new TextEncoder().encode(text)
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 64 * 1024)
            controller.enqueue(bytes.slice(at, at + 64 * 1024))
          controller.close()
        },
      })
      return fetch(`${app.url}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit)
    }
    const small = await chunked(JSON.stringify({ subject: 'getSettings' }))
    expect(small.status).toBe(200)
    const big = await chunked(JSON.stringify({ subject: 'getSettings', pad: 'x'.repeat(MAX_RPC_BODY_BYTES) }))
    expect(big.status).toBe(413)
    expect(((await big.json()) as { statusCode: number }).statusCode).toBe(413)
  })

  it("answers with no MIME sniffing and a request id: the caller's, when it sends a sane one", async () => {
    const ask = (headers: Record<string, string>) =>
      fetch(`${app.url}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ subject: 'getSettings' }),
      })
    const mine = await ask({ 'x-request-id': 'trace-abc-12345' })
    expect(mine.headers.get('x-request-id')).toBe('trace-abc-12345')
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff')
    const odd = await ask({ 'x-request-id': 'no spaces <allowed>' })
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f]{12}$/)
  })

  it('compresses a large answer for a client that accepts it', async () => {
    const res = await fetch(`${app.url}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br' },
      body: JSON.stringify({ subject: 'getSettings' }),
    })
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(((await res.json()) as { statusCode: number }).statusCode).toBe(200)
  })
})

describe.each(databaseKinds)('RPC failures on %s', (kind) => {
  it('answers 500 with a message that leaks nothing, logged with its request id', async () => {
    const app = await startApp(kind)
    try {
      const user = await createUser(app.database.db, {
        email: 'c@example.com',
        name: 'C',
        password: 'a long password',
      })
      const { token } = await createSession(app.database.db, user.id)
      await app.database.close() // every query now throws inside the server
      const { status, body } = await app.rpc({ subject: 'getSettings' }, { authorization: `Bearer ${token}` })
      expect(status).toBe(500)
      const requestId = body.requestId as string
      expect(requestId).toMatch(/^[0-9a-f]{12}$/)
      expect(body.message).toContain(requestId)
      expect(body.message).not.toMatch(/pglite|postgres|sql|closed|stack|at /i)
      expect(app.logs.some((line) => line.includes('rpc handler failed') && line.includes(requestId))).toBe(
        true,
      )
    } finally {
      await app.close()
    }
  })
})
