import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FirebaseWebConfig } from '../../contract/runtime'
import { createUser } from '../../server/features/accounts/accounts.service'
import { createSession } from '../../server/features/accounts/sessions'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import {
  type AuthEmulator,
  EMULATOR_PROJECT,
  findFirebaseTools,
  startAuthEmulator,
} from '../support/firebase-emulator'
import { lastSmsCode } from '../support/outbox'

const firebaseTools = findFirebaseTools()
if (!firebaseTools && process.env.CI)
  throw new Error('firebase-tools is missing: run `npm run test:tools` before the suite (.ci/run does)')
if (!firebaseTools)
  console.warn('Skipping the Firebase emulator tests: run `npm run test:tools` to install firebase-tools')

const firebase: FirebaseWebConfig = {
  apiKey: 'emulator-key',
  authDomain: `${EMULATOR_PROJECT}.firebaseapp.com`,
  projectId: EMULATOR_PROJECT,
  storageBucket: '',
  messagingSenderId: '',
  appId: '',
}
type Session = { token: string; user: { id: string; email: string; emailVerified: boolean; roles: string[] } }

describe.skipIf(!firebaseTools)('signInWithFirebase against the Firebase Auth emulator', () => {
  let emulator: AuthEmulator
  const previousHost = process.env.FIREBASE_AUTH_EMULATOR_HOST
  beforeAll(async () => {
    emulator = await startAuthEmulator(firebaseTools ?? '')
    // Only in tests: with this set, the server accepts the emulator's unsigned tokens.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host
  }, 120_000)
  afterAll(async () => {
    if (previousHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousHost
    await emulator?.stop()
  })

  describe.each(databaseKinds)('on %s', (kind) => {
    let app: RunningApp
    beforeAll(async () => {
      app = await startApp(kind, { firebase })
    })
    afterAll(() => app.close())

    it('creates an account for a new Google identity with a verified e-mail, and signs it in again later', async () => {
      const idToken = await emulator.googleIdToken({
        sub: `g-${kind}-1`,
        email: `neema.${kind}@gmail.com`,
        emailVerified: true,
        name: 'Neema Otieno',
      })
      const first = await app.call('signInWithFirebase', { idToken })
      expect(first.status, JSON.stringify(first.body)).toBe(200)
      const session = first.body.data as Session
      expect(session.user).toMatchObject({
        email: `neema.${kind}@gmail.com`,
        emailVerified: true,
        roles: ['customer'],
      })
      expect((await app.call('getMe', {}, session.token)).status).toBe(200)

      const again = await app.call('signInWithFirebase', { idToken })
      expect((again.body.data as Session).user.id).toBe(session.user.id)
    })

    it('links to an existing account by verified e-mail; an unproven password there stops working', async () => {
      const email = `baraka.${kind}@example.com`
      const squatter = await createUser(app.database.db, {
        email,
        name: 'Not Baraka',
        password: 'squatters-password-1',
      })
      const squatterSession = await createSession(app.database.db, squatter.id)
      const idToken = await emulator.googleIdToken({ sub: `g-${kind}-2`, email, emailVerified: true })
      const answer = await app.call('signInWithFirebase', { idToken })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect((answer.body.data as Session).user).toMatchObject({ id: squatter.id, emailVerified: true })
      expect((await app.call('getMe', {}, squatterSession.token)).status).toBe(600)
      expect((await app.call('signIn', { email, password: 'squatters-password-1' })).status).toBe(401)
    })

    it('keeps the sessions of a verified account it links to', async () => {
      const email = `halima.${kind}@example.com`
      const owner = await createUser(app.database.db, {
        email,
        name: 'Halima',
        password: 'halimas-own-password',
        emailVerified: true,
      })
      const existing = await createSession(app.database.db, owner.id)
      const idToken = await emulator.googleIdToken({ sub: `g-${kind}-3`, email, emailVerified: true })
      expect(((await app.call('signInWithFirebase', { idToken })).body.data as Session).user.id).toBe(
        owner.id,
      )
      expect((await app.call('getMe', {}, existing.token)).status).toBe(200)
      expect((await app.call('signIn', { email, password: 'halimas-own-password' })).status).toBe(200)
    })

    it('does not create an account from an unverified e-mail', async () => {
      const idToken = await emulator.googleIdToken({
        sub: `g-${kind}-4`,
        email: `unverified.${kind}@example.com`,
        emailVerified: false,
      })
      const answer = await app.call('signInWithFirebase', { idToken })
      expect(answer.status).toBe(404)
      expect(answer.body.message).toMatch(/no verified e-mail/)
    })

    it('signs in by phone to the account that confirmed that number, and explains an unknown one', async () => {
      const phone = kind === 'pglite' ? '254711223344' : '254711223355'
      const owner = await createUser(app.database.db, {
        email: `simu.${kind}@example.com`,
        name: 'Simu',
        password: 'simu-long-password',
      })
      const { token } = await createSession(app.database.db, owner.id)
      await app.call('requestPhoneCode', { phone }, token)
      const code = await lastSmsCode(app.database.db, phone)
      expect((await app.call('verifyPhone', { phone, code }, token)).status).toBe(200)

      const idToken = await emulator.phoneIdToken(`+${phone}`)
      const answer = await app.call('signInWithFirebase', { idToken })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect((answer.body.data as Session).user.id).toBe(owner.id)

      const stranger = await app.call('signInWithFirebase', {
        idToken: await emulator.phoneIdToken('+254799000111'),
      })
      expect(stranger.status).toBe(404)
      expect(stranger.body.message).toMatch(/No Soko account has this phone number/)
    })

    it('refuses a token that is not from Firebase', async () => {
      const forged = await app.call('signInWithFirebase', { idToken: 'x'.repeat(40) })
      expect(forged.status).toBe(401)
      expect(forged.body.errors).toEqual({ idToken: 'Not a valid sign-in' })
    })
  })
})

describe('signInWithFirebase without Firebase configured', () => {
  it('answers 404 and says so', async () => {
    const app = await startApp('pglite')
    try {
      const answer = await app.call('signInWithFirebase', { idToken: 'x'.repeat(40) })
      expect(answer.status).toBe(404)
      expect(answer.body.message).toBe('Sign-in with Google or phone is not set up on this Soko.')
    } finally {
      await app.close()
    }
  })
})
