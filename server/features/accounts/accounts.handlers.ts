import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { User } from '../../../contract/accounts.contract'
import { ACCOUNTS, ACCOUNTS_FIELD } from '../../../contract/errors/accounts'
import { LIMITS } from '../../../contract/errors/limits'
import type { Message } from '../../../contract/i18n'
import type { Db } from '../../db/client'
import { sellers, sessions, users } from '../../db/schema'
import type { UserRow } from '../../lib/caller'
import { verifyChallenge } from '../../lib/challenge'
import { clock, dbNow } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import {
  assertBelowLimit,
  countEvent,
  currentCount,
  enforceRateLimit,
  type RateCheck,
} from '../../lib/rate-limit'
import { accountExistsMail, passwordResetMail, verifyEmailMail } from '../../mail/templates'
import type { Handlers, RpcContext } from '../../rpc/context'
import { resolveUserSettings } from '../settings'
import { createUser } from './accounts.service'
import { avatarUrls } from './avatar.service'
import { consumeOneTimeToken, findOneTimeToken, issueOneTimeToken } from './one-time-tokens'
import { assertStrongPassword } from './password-policy'
import { hashPassword, verifyPassword } from './passwords'
import { createSession, revokeSession } from './sessions'

const MINUTE = 60
const HOUR = 3600
// Per-network limits are generous on purpose: mobile carriers put many subscribers behind one address
// (carrier-grade NAT). Per-account limits are what stop password guessing.
export const limits = {
  signInPerIp: { max: 100, windowSeconds: 15 * MINUTE },
  /** Wrong passwords for one account from one address: that address is refused for the rest of the window. */
  signInFailuresPerAccountAndIp: { max: 10, windowSeconds: 15 * MINUTE },
  /** Wrong passwords for one account from anywhere: they slow its sign-ins down, never lock its owner out. */
  signInFailuresPerAccount: { max: 10, windowSeconds: 15 * MINUTE },
  signUpPerIp: { max: 50, windowSeconds: HOUR },
  resetPerIp: { max: 30, windowSeconds: HOUR },
  resetPerAccount: { max: 3, windowSeconds: HOUR },
  verificationPerAccount: { max: 5, windowSeconds: HOUR },
}

/** The longest an account's failures from elsewhere delay one sign-in. */
const MAX_SIGN_IN_DELAY_MS = 3_000

/** Waits longer the more wrong passwords an account has had beyond the first ten: 0.2 s, 0.4 s, 0.8 s… */
function slowDown(excessFailures: number): Promise<void> {
  if (excessFailures <= 0) return Promise.resolve()
  const ms = Math.min(MAX_SIGN_IN_DELAY_MS, 200 * 2 ** Math.min(excessFailures - 1, 10))
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** A real scrypt hash of nothing useful: checking against it takes as long as a real check. */
let dummyHash: Promise<string> | undefined

/** The user object every subject hands out: never the password hash or other internals. */
export async function publicUser(db: Db, row: UserRow): Promise<User> {
  const [seller] = row.roles.includes('seller')
    ? await db.select({ handle: sellers.handle }).from(sellers).where(eq(sellers.userId, row.id)).limit(1)
    : []
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: row.roles,
    emailVerified: row.emailVerifiedAt !== null,
    settings: resolveUserSettings(row),
    ...(seller ? { handle: seller.handle } : {}),
    ...(row.phone && row.phoneVerifiedAt ? { phone: row.phone } : {}),
    ...(row.avatarKey ? { avatar: avatarUrls(row.avatarKey) } : {}),
  }
}

/** The user object of someone just changed, read back from the database. */
export async function loadPublicUser(db: Db, id: string): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  if (!row) throw new Error(`user ${id} vanished`)
  return publicUser(db, row)
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1)
  return row ?? null
}

/** Mail is sent after the data is written and never undoes it: a failed send is logged, and can be resent. */
export async function sendQuietly(ctx: RpcContext, message: Parameters<RpcContext['mailer']['send']>[0]) {
  try {
    await ctx.mailer.send(message)
  } catch (error) {
    ctx.log.error('mail could not be sent', { requestId: ctx.requestId, subject: message.subject, error })
  }
}

async function sendVerification(ctx: RpcContext, user: UserRow) {
  const { token } = await issueOneTimeToken(ctx.db, {
    userId: user.id,
    purpose: 'verify-email',
    data: { email: user.email },
  })
  await sendQuietly(
    ctx,
    verifyEmailMail(user.email, user.name, `${ctx.config.publicUrl}/verify/account/${token}`, ctx.lang),
  )
}

/** A link that has expired or was used, with what to do next (one message each). */
export const expiredLink = (field: string, message: Message) =>
  new AppError(400, message, { fields: { [field]: ACCOUNTS_FIELD.expiredAlreadyUsed } })

export const accountsHandlers: Pick<
  Handlers,
  | 'signUp'
  | 'signIn'
  | 'signOut'
  | 'signOutEverywhere'
  | 'getMe'
  | 'changePassword'
  | 'requestEmailVerification'
  | 'verifyEmail'
  | 'requestPasswordReset'
  | 'resetPassword'
> = {
  signUp: async (input, ctx) => {
    await enforceRateLimit(ctx.db, [
      { key: `signUp:ip:${ctx.ip}`, limit: limits.signUpPerIp, refusal: LIMITS.signUpsFromNetwork },
    ])
    await verifyChallenge(ctx, input.challengeToken)
    assertStrongPassword(input.password, input)
    const existing = await findUserByEmail(ctx.db, input.email)
    let user: UserRow | null = null
    if (!existing) {
      try {
        user = await createUser(ctx.db, input)
      } catch (error) {
        if (!(error instanceof AppError && error.status === 409)) throw error
      }
    }
    if (!user) {
      // Same answer as a new account, so sign-up cannot be used to find out who has one; the owner is told.
      const owner = existing ?? (await findUserByEmail(ctx.db, input.email))
      if (owner) {
        const base = ctx.config.publicUrl
        await sendQuietly(
          ctx,
          accountExistsMail(owner.email, owner.name, `${base}/login`, `${base}/reset`, ctx.lang),
        )
      }
      return { token: null, user: null }
    }
    const session = await createSession(ctx.db, user.id, ctx.userAgent, ctx.ip)
    await sendVerification(ctx, user)
    return { token: session.token, user: await publicUser(ctx.db, user) }
  },

  signIn: async (input, ctx) => {
    const email = input.email.toLowerCase()
    // Wrong passwords are counted per address and per account at that address: an address that keeps
    // guessing is refused, while the owner, from an address of their own, still gets in.
    const network: RateCheck = {
      key: `signInFail:ip:${ctx.ip}`,
      limit: limits.signInPerIp,
      refusal: LIMITS.signInsFromNetwork,
    }
    const here: RateCheck = {
      key: `signInFail:account:${email}:ip:${ctx.ip}`,
      limit: limits.signInFailuresPerAccountAndIp,
      refusal: LIMITS.signInsForAccount,
    }
    const everywhere = { key: `signInFail:account:${email}`, limit: limits.signInFailuresPerAccount }
    await assertBelowLimit(ctx.db, [network, here])
    // Guesses spread over many addresses only slow the account down.
    const failures = await currentCount(ctx.db, everywhere.key, everywhere.limit)
    await slowDown(failures.hits - everywhere.limit.max)
    const user = await findUserByEmail(ctx.db, input.email)
    dummyHash ??= hashPassword('not a password anyone has')
    const matches = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash))
    if (!user?.passwordHash || !matches) {
      await countEvent(ctx.db, [network, here, everywhere])
      throw new AppError(401, ACCOUNTS.signInNoMatch)
    }
    const session = await createSession(ctx.db, user.id, ctx.userAgent, ctx.ip)
    return { token: session.token, user: await publicUser(ctx.db, user) }
  },

  signOut: async (_input, ctx) => {
    await revokeSession(ctx.db, ctx.caller.sessionId)
    return { ok: true }
  },

  signOutEverywhere: async (_input, ctx) => {
    await ctx.db
      .update(sessions)
      .set({ revokedAt: clock.now() })
      .where(and(eq(sessions.userId, ctx.caller.user.id), isNull(sessions.revokedAt)))
    return { ok: true }
  },

  getMe: async (_input, ctx) => ({ user: await publicUser(ctx.db, ctx.caller.user) }),

  changePassword: async (input, ctx) => {
    const { user, sessionId } = ctx.caller
    if (!user.passwordHash || !(await verifyPassword(input.current, user.passwordHash)))
      throw new AppError(400, ACCOUNTS.currentPasswordNotRight, {
        fields: { current: ACCOUNTS_FIELD.notCurrentPassword },
      })
    assertStrongPassword(input.password, user)
    const passwordHash = await hashPassword(input.password)
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: clock.now() }).where(eq(users.id, user.id))
      // Anyone else signed in with the old password is signed out; this device stays signed in.
      await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, sessionId), isNull(sessions.revokedAt)))
    })
    return { ok: true }
  },

  requestEmailVerification: async (_input, ctx) => {
    const { user } = ctx.caller
    if (user.emailVerifiedAt) return { sentTo: user.email }
    await enforceRateLimit(ctx.db, [
      {
        key: `verifyEmail:account:${user.id}`,
        limit: limits.verificationPerAccount,
        refusal: LIMITS.confirmationMails,
      },
    ])
    await sendVerification(ctx, user)
    return { sentTo: user.email }
  },

  verifyEmail: async (input, ctx) => {
    const row = await consumeOneTimeToken(ctx.db, input.token, 'verify-email')
    if (!row?.userId) throw expiredLink('token', ACCOUNTS.verifyLinkExpired)
    const [user] = await ctx.db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${dbNow()})`, updatedAt: clock.now() })
      // The address must still be the one the link was sent to.
      .where(
        and(eq(users.id, row.userId), sql`lower(${users.email}) = lower(${String(row.data.email ?? '')})`),
      )
      .returning()
    if (!user) throw expiredLink('token', ACCOUNTS.verifyLinkEmailChanged)
    return { email: user.email }
  },

  requestPasswordReset: async (input, ctx) => {
    await enforceRateLimit(ctx.db, [
      { key: `reset:ip:${ctx.ip}`, limit: limits.resetPerIp, refusal: LIMITS.resetsFromNetwork },
      {
        key: `reset:account:${input.email.toLowerCase()}`,
        limit: limits.resetPerAccount,
        refusal: LIMITS.resetsForAddress,
      },
    ])
    const user = await findUserByEmail(ctx.db, input.email)
    if (user) {
      const { token } = await issueOneTimeToken(ctx.db, { userId: user.id, purpose: 'reset-password' })
      await sendQuietly(
        ctx,
        passwordResetMail(user.email, user.name, `${ctx.config.publicUrl}/reset/${token}`, ctx.lang),
      )
    }
    return { ok: true }
  },

  resetPassword: async (input, ctx) => {
    const invalid = () => expiredLink('token', ACCOUNTS.resetLinkExpired)
    // Check the new password before using the link up, so a weak one does not cost the person their link.
    const pending = await findOneTimeToken(ctx.db, input.token, 'reset-password')
    const [user] = pending?.userId
      ? await ctx.db.select().from(users).where(eq(users.id, pending.userId))
      : []
    if (!user) throw invalid()
    assertStrongPassword(input.password, user)
    const passwordHash = await hashPassword(input.password)
    await ctx.db.transaction(async (tx) => {
      if (!(await consumeOneTimeToken(tx, input.token, 'reset-password'))) throw invalid()
      // The reset link proves the address is theirs, so it counts as confirmed.
      await tx
        .update(users)
        .set({
          passwordHash,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${dbNow()})`,
          updatedAt: clock.now(),
        })
        .where(eq(users.id, user.id))
      await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
    })
    return { ok: true }
  },
}
