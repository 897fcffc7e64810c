import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningApp, startApp } from '../support/app'

/**
 * Firebase ID tokens checked as in production: signed RS256 by a key of the published set, for this
 * project, by its issuer, not expired. A local server publishes the key set (as Google does its own), and
 * the test signs tokens with its private key — and with a key the set does not hold. The Auth emulator's
 * unsigned tokens are tested in firebase.test.ts; here, without the emulator, they are refused.
 */

const PROJECT = 'soko-keys-test'
const ISSUER = `https://securetoken.google.com/${PROJECT}`

describe('Firebase ID tokens verified against published keys', () => {
  let app: RunningApp
  let keyServer: Server
  let sign: (claims: Record<string, unknown>, opts?: { key?: 'ours' | 'stranger' }) => Promise<string>
  const previousHost = process.env.FIREBASE_AUTH_EMULATOR_HOST

  beforeAll(async () => {
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST
    const ours = await generateKeyPair('RS256')
    const stranger = await generateKeyPair('RS256')
    const jwk = { ...(await exportJWK(ours.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' }
    keyServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' })
      res.end(JSON.stringify({ keys: [jwk] }))
    })
    await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve))
    const keysUrl = `http://127.0.0.1:${(keyServer.address() as AddressInfo).port}/keys`
    app = await startApp('pglite', {
      firebase: {
        apiKey: 'test-key',
        authDomain: `${PROJECT}.firebaseapp.com`,
        projectId: PROJECT,
        storageBucket: '',
        messagingSenderId: '',
        appId: '',
      },
      firebaseKeysUrl: keysUrl,
    })
    sign = async (claims, opts = {}) => {
      const now = Math.floor(Date.now() / 1000)
      const payload = {
        iss: ISSUER,
        aud: PROJECT,
        sub: 'google-uid-1',
        iat: now - 10,
        exp: now + 3600,
        auth_time: now - 10,
      }
      return new SignJWT({ ...payload, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'key-1' })
        .sign(opts.key === 'stranger' ? stranger.privateKey : ours.privateKey)
    }
  })
  afterAll(async () => {
    await app?.close()
    await new Promise<void>((resolve) => keyServer?.close(() => resolve()))
    if (previousHost !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = previousHost
  })

  const signIn = (idToken: string) => app.call('signInWithFirebase', { idToken })
  const refused = async (idToken: string) => {
    const answer = await signIn(idToken)
    expect(answer.status).toBe(401)
    expect(answer.body.errors).toEqual({ idToken: 'Not a valid sign-in' })
  }

  it('signs in with a token signed by a published key, making the account of its verified e-mail', async () => {
    const idToken = await sign({ email: 'amani@example.com', email_verified: true, name: 'Amani Otieno' })
    const first = await signIn(idToken)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const data = first.body.data as { user: { email: string; emailVerified: boolean } }
    expect(data.user).toMatchObject({ email: 'amani@example.com', emailVerified: true })
    // The same identity again: the same account.
    expect((await signIn(await sign({ email: 'amani@example.com', email_verified: true }))).status).toBe(200)
  })

  it('refuses a token signed by a key the set does not hold', async () => {
    await refused(await sign({ email: 'eve@example.com', email_verified: true }, { key: 'stranger' }))
  })

  it('refuses a token for another project, from another issuer, expired, or without a user', async () => {
    const now = Math.floor(Date.now() / 1000)
    await refused(await sign({ aud: 'another-project', email: 'eve@example.com', email_verified: true }))
    await refused(
      await sign({
        iss: 'https://securetoken.google.com/another',
        email: 'eve@example.com',
        email_verified: true,
      }),
    )
    await refused(await sign({ exp: now - 120, email: 'eve@example.com', email_verified: true }))
    await refused(await sign({ sub: '', email: 'eve@example.com', email_verified: true }))
    await refused(await sign({ auth_time: now + 3600, email: 'eve@example.com', email_verified: true }))
  })

  it('refuses a token whose claims were changed after signing', async () => {
    const [header, , signature] = (await sign({ email: 'amani@example.com', email_verified: true })).split(
      '.',
    )
    const forged = Buffer.from(
      JSON.stringify({ iss: ISSUER, aud: PROJECT, sub: 'someone-else', email: 'boss@example.com' }),
    ).toString('base64url')
    await refused(`${header}.${forged}.${signature}`)
  })

  it('refuses an unsigned token when no emulator is configured', async () => {
    const now = Math.floor(Date.now() / 1000)
    const unsigned = new UnsecuredJWT({ auth_time: now - 10, email: 'eve@example.com', email_verified: true })
      .setIssuer(ISSUER)
      .setAudience(PROJECT)
      .setSubject('google-uid-2')
      .setIssuedAt(now - 10)
      .setExpirationTime(now + 3600)
      .encode()
    await refused(unsigned)
  })
})
