import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from './net'
import { rootDir } from './process'

export const EMULATOR_PROJECT = 'demo-soko'

/**
 * firebase-tools is not a dependency (it takes minutes to install): `npm run test:tools` puts it in
 * .tools/firebase, which .ci/run does before the suite. FIREBASE_TOOLS may name another binary.
 */
export function findFirebaseTools(): string | null {
  const candidates = [
    process.env.FIREBASE_TOOLS,
    path.join(rootDir, '.tools/firebase/node_modules/.bin/firebase'),
  ]
  return candidates.find((c): c is string => Boolean(c && existsSync(c))) ?? null
}

export interface AuthEmulator {
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST wants it. */
  host: string
  googleIdToken(claims: {
    sub: string
    email: string
    emailVerified: boolean
    name?: string
  }): Promise<string>
  phoneIdToken(phoneNumber: string): Promise<string>
  stop(): Promise<void>
}

/** The Firebase Auth emulator on free ports, in its own folder; stopped by its PID. */
export async function startAuthEmulator(binary: string): Promise<AuthEmulator> {
  const dir = mkdtempSync(path.join(tmpdir(), 'soko-firebase-'))
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()]
  writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: auth },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  )
  const child = spawn(binary, ['emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT], {
    cwd: dir,
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      printed += chunk.toString()
      if (/All emulators ready/i.test(printed)) resolve()
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    void exited.then(() =>
      reject(new Error(`the Firebase Auth emulator exited before it was ready:\n${printed}`)),
    )
  })
  const host = `127.0.0.1:${auth}`
  const api = async (pathAndQuery: string, body?: unknown) => {
    const response = await fetch(`http://${host}${pathAndQuery}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await response.json()) as Record<string, unknown>
    if (!response.ok) throw new Error(`emulator ${pathAndQuery}: ${JSON.stringify(json)}`)
    return json
  }
  const identity = '/identitytoolkit.googleapis.com/v1'
  return {
    host,
    async googleIdToken({ sub, email, emailVerified, name }) {
      // The emulator takes an unsigned JSON "id_token" from the identity provider.
      const claims = JSON.stringify({ sub, email, email_verified: emailVerified, name })
      const answer = await api(`${identity}/accounts:signInWithIdp?key=fake`, {
        postBody: `id_token=${encodeURIComponent(claims)}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
      })
      return String(answer.idToken)
    },
    async phoneIdToken(phoneNumber) {
      const { sessionInfo } = await api(`${identity}/accounts:sendVerificationCode?key=fake`, {
        phoneNumber,
        recaptchaToken: 'not-checked-by-the-emulator',
      })
      const { verificationCodes } = (await api(
        `/emulator/v1/projects/${EMULATOR_PROJECT}/verificationCodes`,
      )) as {
        verificationCodes: { sessionInfo: string; code: string }[]
      }
      const code = verificationCodes.find((c) => c.sessionInfo === sessionInfo)?.code
      const answer = await api(`${identity}/accounts:signInWithPhoneNumber?key=fake`, { sessionInfo, code })
      return String(answer.idToken)
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
