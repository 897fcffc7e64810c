import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client'
import { oneTimeTokens } from '../../db/schema'
import { clock } from '../../lib/clock'
import { uuidv7 } from '../../lib/uuid'
import { hashToken, newToken } from './sessions'

export type TokenPurpose = 'verify-email' | 'reset-password' | 'invite'

export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  'verify-email': 24 * 3600,
  'reset-password': 3600,
  invite: 7 * 24 * 3600,
}

export async function issueOneTimeToken(
  db: Db,
  input: { userId: string | null; purpose: TokenPurpose; data?: Record<string, unknown> },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken()
  const expiresAt = new Date(clock.ms() + TOKEN_TTL_SECONDS[input.purpose] * 1000)
  await db.insert(oneTimeTokens).values({
    id: uuidv7(),
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    data: input.data ?? {},
    expiresAt,
  })
  return { token, expiresAt }
}

const usable = (token: string, purpose: TokenPurpose) =>
  and(
    eq(oneTimeTokens.tokenHash, hashToken(token)),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, clock.now()),
  )

/** The token's row if it can still be used, without using it up. */
export async function findOneTimeToken(db: Db, token: string, purpose: TokenPurpose) {
  const [row] = await db.select().from(oneTimeTokens).where(usable(token, purpose)).limit(1)
  return row ?? null
}

/** Uses a token up, in one statement: two requests racing with the same link cannot both win. */
export async function consumeOneTimeToken(db: DbOrTx, token: string, purpose: TokenPurpose) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: clock.now() })
    .where(usable(token, purpose))
    .returning()
  return row ?? null
}
