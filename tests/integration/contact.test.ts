import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../../server/db/schema'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { readOutbox } from '../support/outbox'
import { personOf } from '../support/shop'

const message = {
  name: 'Achieng Otieno',
  email: 'achieng@example.com',
  topic: 'payments',
  message: 'My M-Pesa payment went through but the order still says pending.',
}

describe.each(databaseKinds)('the contact page on %s', (kind) => {
  let app: RunningApp
  beforeAll(async () => {
    app = await startApp(kind, { adminEmail: 'owner@example.com' })
  })
  afterAll(() => app.close())

  it('stores a message, mails every admin with the writer as Reply-To, and lists it for admins only', async () => {
    const { token: adminToken } = await personOf(app, 'admin@example.com', {
      name: 'Admin',
      roles: ['admin'],
    })
    const sent = await app.call('sendContactMessage', message)
    expect(sent.status).toBe(200)
    const id = (sent.body.data as { id: string }).id

    const mails = (await readOutbox(app.database.db)).filter((mail) => mail.subject.startsWith('Contact:'))
    expect(mails.map((mail) => mail.to).sort()).toEqual(['admin@example.com', 'owner@example.com'])
    expect(mails[0]?.subject).toBe('Contact: Payments and payouts — from Achieng Otieno')
    expect(mails[0]?.text).toContain('the order still says pending')
    const raw = (
      await app.database.db.select({ raw: outbox.raw }).from(outbox).where(eq(outbox.kind, 'mail'))
    )
      .map((row) => row.raw ?? '')
      .filter((eml) => /^Subject: .*Contact/m.test(eml))
    expect(raw).toHaveLength(2)
    for (const eml of raw) expect(eml).toContain('Reply-To: Achieng Otieno <achieng@example.com>')

    const listed = await app.call('listContactMessages', {}, adminToken)
    expect(listed.status).toBe(200)
    expect((listed.body.data as { messages: unknown[] }).messages[0]).toEqual(
      expect.objectContaining({ id, name: 'Achieng Otieno', topic: 'payments', userId: null }),
    )
    const { token: customerToken } = await personOf(app, 'c@example.com', { name: 'C' })
    expect((await app.call('listContactMessages', {}, customerToken)).status).toBe(403)
  })

  it('answers 400 with a message per field and stores nothing', async () => {
    const before = await app.call('listContactMessages', {})
    expect(before.status).toBe(600)
    const bad = await app.call('sendContactMessage', {
      name: '',
      email: 'not-an-address',
      topic: 'x',
      message: 'hi',
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(['email', 'message', 'name', 'topic'])
    expect((bad.body.errors as Record<string, string>).message).toBe('Write at least 10 characters')
  })

  it('limits how many messages one address can send in an hour', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push((await app.call('sendContactMessage', { ...message, email: 'flood@example.com' })).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })
})

describe('the bot challenge', () => {
  /** Cloudflare's siteverify as the server calls it: form-encoded secret and response, JSON answer. */
  let verifier: Server
  let verifyUrl: string
  const seen: URLSearchParams[] = []
  beforeAll(async () => {
    verifier = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk) => {
        body += chunk
      })
      req.on('end', () => {
        const form = new URLSearchParams(body)
        seen.push(form)
        const ok = form.get('secret') === 'test-secret' && form.get('response') === 'good-token'
        res.setHeader('content-type', 'application/json')
        res.end(
          JSON.stringify(
            ok ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] },
          ),
        )
      })
    })
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve))
    verifyUrl = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`
  })
  afterAll(() => new Promise<void>((resolve) => verifier.close(() => resolve())))

  it('is skipped when no secret is configured', async () => {
    const app = await startApp('pglite', { challengeSecret: null, challengeVerifyUrl: verifyUrl })
    try {
      expect((await app.call('sendContactMessage', message)).status).toBe(200)
      expect(seen).toHaveLength(0)
    } finally {
      await app.close()
    }
  })

  it('with a secret, refuses a missing or failed token on the form field and accepts a verified one', async () => {
    const app = await startApp('pglite', { challengeSecret: 'test-secret', challengeVerifyUrl: verifyUrl })
    try {
      const missing = await app.call('sendContactMessage', message)
      expect(missing.status).toBe(400)
      expect(missing.body.errors).toEqual({
        challengeToken: 'Complete the check that you are not a robot, then send again.',
      })
      const failed = await app.call('sendContactMessage', { ...message, challengeToken: 'forged' })
      expect(failed.status).toBe(400)
      expect(Object.keys(failed.body.errors as object)).toEqual(['challengeToken'])
      const passed = await app.call('sendContactMessage', { ...message, challengeToken: 'good-token' })
      expect(passed.status).toBe(200)
      expect(seen.at(-1)?.get('remoteip')).toBe('127.0.0.1')

      // Sign-up checks it too, before anything is created.
      const signUp = { email: 'new@example.com', name: 'New Person', password: 'baobab-shade-2026' }
      expect((await app.call('signUp', signUp)).status).toBe(400)
      const created = await app.call('signUp', { ...signUp, challengeToken: 'good-token' })
      expect(created.status).toBe(200)
      expect((created.body.data as { token: string }).token).toBeTruthy()
    } finally {
      await app.close()
    }
  })

  it('answers 503, not a pass, when the provider cannot be reached', async () => {
    const app = await startApp('pglite', {
      challengeSecret: 'test-secret',
      challengeVerifyUrl: 'http://127.0.0.1:9/siteverify',
    })
    try {
      const answer = await app.call('sendContactMessage', { ...message, challengeToken: 'good-token' })
      expect(answer.status).toBe(503)
      expect(answer.body.message).toContain('robot check could not be confirmed')
    } finally {
      await app.close()
    }
  })
})
