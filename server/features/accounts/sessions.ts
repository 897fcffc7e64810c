import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { ACCOUNTS } from '../../../contract/errors/accounts'
import type { Db } from '../../db/client'
import { sessions, users } from '../../db/schema'
import type { Caller } from '../../lib/caller'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { uuidv7 } from '../../lib/uuid'

/** Same lifetime as the auth_token cookie's max-age (docs/product.md, The session): 27 days. */
export const SESSION_TTL_SECONDS = 2332800

/** 256 random bits, URL-safe. Only its hash is stored, so a leaked database holds no usable token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * What a suspended person is told when they sign in, with the reason the admin gave (its own full stop
 * dropped, so it never reads "..") and the way to the contact page, which the app shows as a link.
 */
export function suspended(reason: string | null): AppError {
  const why = reason?.trim().replace(/[.\s]+$/, '')
  return why
    ? new AppError(403, ACCOUNTS.suspendedBecause, { params: { reason: why } })
    : new AppError(403, ACCOUNTS.suspended)
}

/** Opens a session; a suspended account gets a 403 that says why instead. */
export async function createSession(
  db: Db,
  userId: string,
  userAgent: string | null = null,
  ip: string | null = null,
): Promise<{ token: string; expiresAt: Date }> {
  const [user] = await db
    .select({ suspendedAt: users.suspendedAt, reason: users.suspensionReason })
    .from(users)
    .where(eq(users.id, userId))
  if (user?.suspendedAt) throw suspended(user.reason)
  const token = newToken()
  const expiresAt = new Date(clock.ms() + SESSION_TTL_SECONDS * 1000)
  await db
    .insert(sessions)
    .values({ id: uuidv7(), userId, tokenHash: hashToken(token), expiresAt, userAgent, ip })
  return { token, expiresAt }
}

/** The signed-in person behind a token, or null when it is unknown, expired or revoked. */
export async function findCaller(db: Db, token: string): Promise<Caller | null> {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, clock.now()),
        isNull(users.suspendedAt),
      ),
    )
    .limit(1)
  return row ?? null
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, sessionId))
}
