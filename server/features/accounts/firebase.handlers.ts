import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import { ACCOUNTS, ACCOUNTS_FIELD } from '../../../contract/errors/accounts'
import { LIMITS } from '../../../contract/errors/limits'
import { normalizeKenyanMobile } from '../../../contract/phone'
import type { Db } from '../../db/client'
import { sessions, users } from '../../db/schema'
import type { UserRow } from '../../lib/caller'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { enforceRateLimit } from '../../lib/rate-limit'
import type { Handlers, RpcContext } from '../../rpc/context'
import { findUserByEmail, limits, publicUser } from './accounts.handlers'
import { createUser } from './accounts.service'
import { type FirebaseIdentity, verifyFirebaseIdToken } from './firebase-token'
import { createSession } from './sessions'

async function verify(ctx: RpcContext, idToken: string): Promise<FirebaseIdentity> {
  const projectId = ctx.config.firebase?.projectId
  if (!projectId) throw new AppError(404, ACCOUNTS.firebaseNotSetUp)
  try {
    return await verifyFirebaseIdToken(idToken, {
      projectId,
      keysUrl: ctx.config.firebaseKeysUrl,
      emulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST,
      now: clock.now(),
    })
  } catch (error) {
    ctx.log.warn('a Firebase ID token was refused', { requestId: ctx.requestId, error: String(error) })
    throw new AppError(401, ACCOUNTS.signInNotConfirmed, {
      fields: { idToken: ACCOUNTS_FIELD.notValidSignIn },
    })
  }
}

/**
 * The Soko account for a Firebase identity: the one already linked to its uid, else the one with the same
 * verified e-mail or confirmed phone (then linked), else — for a verified e-mail only — a new one.
 */
async function accountFor(db: Db, id: FirebaseIdentity): Promise<UserRow> {
  const [linked] = await db.select().from(users).where(eq(users.firebaseUid, id.uid)).limit(1)
  if (linked) return linked
  const email = id.emailVerified ? id.email : undefined
  const phone = id.phoneNumber ? normalizeKenyanMobile(id.phoneNumber) : null

  if (email) {
    const existing = await findUserByEmail(db, email)
    if (existing) return link(db, existing, id.uid, 'email')
    const name = typeof id.name === 'string' && id.name.trim() ? id.name.trim() : email.split('@')[0]
    return createUser(db, {
      email,
      name: (name ?? email).slice(0, 100),
      emailVerified: true,
      firebaseUid: id.uid,
    })
  }
  if (phone) {
    const [owner] = await db
      .select()
      .from(users)
      .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt)))
      .limit(1)
    if (owner) return link(db, owner, id.uid, 'phone')
  }
  throw new AppError(404, id.phoneNumber ? ACCOUNTS.noAccountForPhone : ACCOUNTS.googleNoVerifiedEmail)
}

async function link(db: Db, user: UserRow, firebaseUid: string, via: 'email' | 'phone'): Promise<UserRow> {
  const takeover = via === 'email' && user.emailVerifiedAt === null
  return db.transaction(async (tx) => {
    if (takeover) {
      // The provider proved who owns this address; the unproven password and sessions may be someone
      // else's (an account made in their name beforehand), so they stop working. A reset sets a new one.
      await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
    }
    const [row] = await tx
      .update(users)
      .set({
        firebaseUid,
        ...(takeover ? { emailVerifiedAt: clock.now(), passwordHash: null } : {}),
        updatedAt: clock.now(),
      })
      .where(eq(users.id, user.id))
      .returning()
    if (!row) throw new Error(`user ${user.id} vanished`)
    return row
  })
}

export const firebaseHandlers: Pick<Handlers, 'signInWithFirebase'> = {
  signInWithFirebase: async ({ idToken }, ctx) => {
    await enforceRateLimit(ctx.db, [
      { key: `signIn:ip:${ctx.ip}`, limit: limits.signInPerIp, refusal: LIMITS.signInsFromNetwork },
    ])
    const identity = await verify(ctx, idToken)
    const user = await accountFor(ctx.db, identity)
    const session = await createSession(ctx.db, user.id, ctx.userAgent, ctx.ip)
    return { token: session.token, user: await publicUser(ctx.db, user) }
  },
}
