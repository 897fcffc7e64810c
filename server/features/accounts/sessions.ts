import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sessions, users } from '../../db/schema'
import { uuidv7 } from '../../lib/uuid'

/** Same lifetime as the auth_token cookie's max-age (docs/product.md, The session): 27 days. */
export const SESSION_TTL_SECONDS = 2332800

export type UserRow = typeof users.$inferSelect

export interface Caller {
  user: UserRow
  sessionId: string
}

/** 256 random bits, URL-safe. Only its hash is stored, so a leaked database holds no usable token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export async function createSession(
  db: Db,
  userId: string,
  userAgent: string | null = null,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken()
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000)
  await db
    .insert(sessions)
    .values({ id: uuidv7(), userId, tokenHash: hashToken(token), expiresAt, userAgent })
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
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1)
  return row ?? null
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId))
}
