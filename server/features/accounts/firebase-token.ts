import { createRemoteJWKSet, decodeProtectedHeader, type JWTPayload, jwtVerify, UnsecuredJWT } from 'jose'

/** Clocks disagree a little: a token issued a few seconds "in the future" is still fine. */
const CLOCK_TOLERANCE_SECONDS = 60

/** Who a verified Firebase ID token says signed in. */
export interface FirebaseIdentity {
  uid: string
  email?: string
  emailVerified: boolean
  /** E.164, for a phone sign-in. */
  phoneNumber?: string
  name?: string
}

/**
 * One key set per address, kept for the process: jose fetches Google's keys when first needed, keeps them
 * as long as Google's answer allows, and fetches again when a token names a key it does not know (Google
 * rotates them every few hours).
 */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

/**
 * Verifies a Firebase ID token for the project as Firebase documents it: signed RS256 by one of Google's
 * published keys, issued by `https://securetoken.google.com/{project}` for the project, not expired, with a
 * subject (the uid) of at most 128 characters and a sign-in time that has passed. With the Auth emulator
 * configured (`emulatorHost`, tests only) its unsigned tokens are taken, their claims checked the same way.
 * Throws on any token that does not hold.
 */
export async function verifyFirebaseIdToken(
  idToken: string,
  opts: { projectId: string; keysUrl: string; emulatorHost: string | undefined; now: Date },
): Promise<FirebaseIdentity> {
  const issuer = `https://securetoken.google.com/${opts.projectId}`
  const checks = {
    issuer,
    audience: opts.projectId,
    currentDate: opts.now,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ['sub', 'iat', 'exp', 'auth_time'],
  }
  let payload: JWTPayload
  if (opts.emulatorHost && decodeProtectedHeader(idToken).alg === 'none') {
    payload = UnsecuredJWT.decode(idToken, checks).payload
  } else {
    let keys = keySets.get(opts.keysUrl)
    if (!keys) {
      keys = createRemoteJWKSet(new URL(opts.keysUrl))
      keySets.set(opts.keysUrl, keys)
    }
    payload = (await jwtVerify(idToken, keys, { ...checks, algorithms: ['RS256'] })).payload
  }
  const uid = payload.sub ?? ''
  if (uid.length === 0 || uid.length > 128) throw new Error('the token names no user')
  const signedInAt = Number(payload.auth_time)
  if (!(signedInAt * 1000 <= opts.now.getTime() + CLOCK_TOLERANCE_SECONDS * 1000))
    throw new Error('the token was signed in to in the future')
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined)
  const identity: FirebaseIdentity = { uid, emailVerified: payload.email_verified === true }
  const email = text(payload.email)
  const phoneNumber = text(payload.phone_number)
  const name = text(payload.name)
  if (email) identity.email = email
  if (phoneNumber) identity.phoneNumber = phoneNumber
  if (name) identity.name = name
  return identity
}
