import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { oneTimeTokens, sessions } from '../../server/db/schema'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { lastLink, readOutbox } from '../support/outbox'

const password = 'kilimanjaro-sunrise-42'

describe.each(databaseKinds)('accounts on %s', (kind) => {
  let app: RunningApp
  beforeAll(async () => {
    // Behind a proxy, so a test can speak from several addresses (X-Forwarded-For).
    app = await startApp(kind, { trustProxy: true })
  })
  afterAll(() => app.close())

  type Session = {
    token: string
    user: { id: string; email: string; emailVerified: boolean; roles: string[] }
  }
  const signUp = async (email: string, name = 'Achieng Otieno') => {
    const answer = await app.call('signUp', { email, password, name })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.data as Session
  }
  const signIn = async (email: string, pw = password) => app.call('signIn', { email, password: pw })

  it('signs a new customer up, signed in, with the e-mail not yet confirmed, and mails a confirmation link', async () => {
    const { token, user } = await signUp('achieng@example.com')
    expect(token.length).toBeGreaterThanOrEqual(22)
    expect(user).toEqual(
      expect.objectContaining({
        email: 'achieng@example.com',
        name: 'Achieng Otieno',
        roles: ['customer'],
        emailVerified: false,
      }),
    )
    expect(user).not.toHaveProperty('passwordHash')
    expect((await app.call('getMe', {}, token)).status).toBe(200)
    const { mail } = await lastLink(app.database.db, 'achieng@example.com', '/verify/account/')
    expect(mail.subject).toBe('Confirm your e-mail address for Soko')
  })

  it('confirms the e-mail with the mailed link, once', async () => {
    const { token } = await signUp('jabali@example.com', 'Jabali Mwangi')
    const link = await lastLink(app.database.db, 'jabali@example.com', '/verify/account/')
    const confirmed = await app.call('verifyEmail', { token: link.token })
    expect(confirmed.status).toBe(200)
    const me = await app.call('getMe', {}, token)
    expect((me.body.data as Session).user.emailVerified).toBe(true)
    const again = await app.call('verifyEmail', { token: link.token })
    expect(again.status).toBe(400)
    expect(again.body.errors).toEqual({ token: 'Expired or already used' })
  })

  it('refuses a malformed confirmation link on its token, as a link that no longer works', async () => {
    for (const token of ['bad', 'x'.repeat(201)]) {
      const answer = await app.call('verifyEmail', { token })
      expect(answer.status).toBe(400)
      expect(answer.body.errors).toEqual({ token: 'This link is invalid or has expired' })
    }
  })

  it('refuses an expired confirmation link', async () => {
    const { token } = await signUp('expired@example.com')
    await app.call('requestEmailVerification', {}, token)
    const link = await lastLink(app.database.db, 'expired@example.com', '/verify/account/')
    await app.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.purpose, 'verify-email'))
    expect((await app.call('verifyEmail', { token: link.token })).status).toBe(400)
  })

  it('answers a sign-up for an existing e-mail like a new one, creates nothing, and tells the owner', async () => {
    await signUp('zawadi@example.com')
    const before = (await readOutbox(app.database.db)).length
    const again = await app.call('signUp', {
      email: 'ZAWADI@example.com',
      password: 'another-long-pass',
      name: 'Someone',
    })
    expect(again.status).toBe(200)
    expect(again.body.message).toBe('OK')
    expect(again.body.data).toEqual({ token: null, user: null })
    const mails = (await readOutbox(app.database.db)).slice(before)
    expect(mails.map((m) => m.subject)).toEqual(['You already have a Soko account'])
  })

  it('validates sign-up fields with a message each, and refuses common passwords', async () => {
    const bad = await app.call('signUp', { email: 'not-an-email', password: 'short', name: '' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({
      email: 'Enter an e-mail address like name@example.com',
      password: 'Use at least 8 characters',
      name: 'Enter your name',
    })
    const common = await app.call('signUp', { email: 'weak@example.com', password: 'iloveyou', name: 'Weak' })
    expect(common.status).toBe(400)
    expect((common.body.errors as Record<string, string>).password).toMatch(/most common/)
  })

  it('signs in with the right password, and gives one answer for a wrong password and an unknown e-mail', async () => {
    await signUp('imani@example.com')
    const ok = await signIn('Imani@Example.com')
    expect(ok.status).toBe(200)
    expect((ok.body.data as Session).user.email).toBe('imani@example.com')
    const wrong = await signIn('imani@example.com', 'not-the-password')
    const unknown = await signIn('nobody@example.com', 'not-the-password')
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body.message).toBe(unknown.body.message)
  })

  it('signs out this session only', async () => {
    await signUp('baraka@example.com')
    const a = (await signIn('baraka@example.com')).body.data as Session
    const b = (await signIn('baraka@example.com')).body.data as Session
    expect((await app.call('signOut', {}, a.token)).status).toBe(200)
    expect((await app.call('getMe', {}, a.token)).status).toBe(600)
    expect((await app.call('getMe', {}, b.token)).status).toBe(200)
  })

  it('keeps a session 27 days, and answers 600 once it has expired', async () => {
    const { user } = await signUp('muthoni@example.com')
    const before = Date.now()
    const session = (await signIn('muthoni@example.com')).body.data as Session
    const [row] = await app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(desc(sessions.createdAt))
      .limit(1)
    const lifetime = (row?.expiresAt.getTime() ?? 0) - before
    expect(Math.abs(lifetime - 2332800 * 1000)).toBeLessThan(60_000)
    await app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id))
    const expired = await app.call('getMe', {}, session.token)
    expect(expired.status).toBe(600)
    expect(expired.body.statusCode).toBe(600)
  })

  it('signs out everywhere', async () => {
    await signUp('neema@example.com')
    const a = (await signIn('neema@example.com')).body.data as Session
    const b = (await signIn('neema@example.com')).body.data as Session
    expect((await app.call('signOutEverywhere', {}, a.token)).status).toBe(200)
    expect((await app.call('getMe', {}, a.token)).status).toBe(600)
    expect((await app.call('getMe', {}, b.token)).status).toBe(600)
  })

  it('changes the password: the old one stops working and other sessions end, this one stays', async () => {
    await signUp('tumaini@example.com')
    const here = (await signIn('tumaini@example.com')).body.data as Session
    const elsewhere = (await signIn('tumaini@example.com')).body.data as Session
    const wrong = await app.call(
      'changePassword',
      { current: 'nope-nope-nope', password: 'a-new-long-secret' },
      here.token,
    )
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors).toEqual({ current: 'Not your current password' })
    const ok = await app.call(
      'changePassword',
      { current: password, password: 'a-new-long-secret' },
      here.token,
    )
    expect(ok.status).toBe(200)
    expect((await app.call('getMe', {}, here.token)).status).toBe(200)
    expect((await app.call('getMe', {}, elsewhere.token)).status).toBe(600)
    expect((await signIn('tumaini@example.com')).status).toBe(401)
    expect((await signIn('tumaini@example.com', 'a-new-long-secret')).status).toBe(200)
  })

  it('resets a forgotten password through the mailed link, once, ending every session', async () => {
    await signUp('amani@example.com')
    const old = (await signIn('amani@example.com')).body.data as Session
    expect((await app.call('requestPasswordReset', { email: 'amani@example.com' })).status).toBe(200)
    const { token, mail } = await lastLink(app.database.db, 'amani@example.com', '/reset/')
    expect(mail.subject).toBe('Reset your Soko password')

    const weak = await app.call('resetPassword', { token, password: 'qwerty123' })
    expect(weak.status).toBe(400)
    // A refused password does not use the link up.
    expect((await app.call('resetPassword', { token, password: 'fresh-start-2026' })).status).toBe(200)
    const reused = await app.call('resetPassword', { token, password: 'another-fresh-one' })
    expect(reused.status).toBe(400)
    expect(reused.body.errors).toEqual({ token: 'Expired or already used' })

    expect((await app.call('getMe', {}, old.token)).status).toBe(600)
    expect((await signIn('amani@example.com', 'fresh-start-2026')).status).toBe(200)
  })

  it('answers a reset request for an unknown e-mail the same way, and mails nothing', async () => {
    const before = (await readOutbox(app.database.db)).length
    const answer = await app.call('requestPasswordReset', { email: 'ghost@example.com' })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toEqual({ ok: true })
    expect(await readOutbox(app.database.db)).toHaveLength(before)
  })

  it('limits sign-in attempts per account with 429 and Retry-After', async () => {
    await signUp('limited@example.com')
    const statuses: number[] = []
    let last: Awaited<ReturnType<typeof signIn>> | undefined
    for (let i = 0; i < 11; i++) {
      last = await signIn('limited@example.com', 'wrong-password-here')
      statuses.push(last.status)
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
    expect(statuses[10]).toBe(429)
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(last?.body.message).toMatch(
      /^Too many sign-in attempts for this account\. Wait \d+ (seconds|minutes)/,
    )
    // Even the right password waits until the window has passed.
    expect((await signIn('limited@example.com')).status).toBe(429)
  })

  it('refuses the address that keeps guessing, never the owner elsewhere: failures there only slow it', async () => {
    await signUp('owner@example.com')
    const from = (address: string, pw: string) =>
      app.rpc({ subject: 'signIn', email: 'owner@example.com', password: pw }, { 'x-forwarded-for': address })
    // Eleven wrong passwords from one address: that address is refused, even the right password.
    const guesses: number[] = []
    for (let i = 0; i < 11; i++) guesses.push((await from('198.51.100.7', `guess-${i}-wrong`)).status)
    expect(guesses).toEqual([...Array(10).fill(401), 429])
    const refused = await from('198.51.100.7', password)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(/^Too many sign-in attempts for this account\. Wait \d+ minutes/)
    // The owner, from their own address, signs in.
    expect((await from('203.0.113.20', password)).status).toBe(200)
    // Guesses spread over many addresses add a delay for the account, and never refuse the right password.
    for (let i = 0; i < 5; i++) expect((await from(`192.0.2.${i + 1}`, 'spread-out-guess')).status).toBe(401)
    const started = Date.now()
    expect((await from('203.0.113.21', password)).status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000)
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it('limits password-reset mails per address, whether or not it has an account', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++)
      statuses.push((await app.call('requestPasswordReset', { email: 'spam@example.com' })).status)
    expect(statuses).toEqual([200, 200, 200, 429])
  })

  it('needs a session for the account subjects: 600 without one', async () => {
    for (const subject of ['signOut', 'signOutEverywhere', 'requestEmailVerification'])
      expect((await app.call(subject, {})).status, subject).toBe(600)
  })
})
