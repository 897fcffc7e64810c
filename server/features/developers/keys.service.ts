import { createHash, randomBytes } from 'node:crypto'
import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm'
import { API_KEY_PREFIX, type ApiScope, MAX_API_KEYS } from '../../../contract/developers.constants'
import type { ApiActivityView, ApiKeyView } from '../../../contract/developers.contract'
import { DEVELOPERS } from '../../../contract/errors/developers'
import type { Db } from '../../db/client'
import { apiActivity, apiKeys, users } from '../../db/schema'
import type { Caller } from '../../lib/caller'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { uuidv7 } from '../../lib/uuid'

type KeyRow = typeof apiKeys.$inferSelect

/** Characters a key's secret part is written in: letters and digits, so it copies as one word. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** 40 characters of 62: 238 bits. */
const SECRET_LENGTH = 40
/** How much of a key is shown beside its name: the prefix and four characters. */
const SHOWN = API_KEY_PREFIX.length + 4
/** A key's last use is written at most this often. */
const LAST_USED_EVERY_MS = 60_000

export const hashKey = (secret: string) => createHash('sha256').update(secret).digest('hex')

function newSecret(): string {
  // Rejection sampling: 248 is the largest multiple of 62 under 256, so every character is as likely.
  let out = ''
  while (out.length < SECRET_LENGTH) {
    for (const byte of randomBytes(SECRET_LENGTH)) {
      if (byte < 248 && out.length < SECRET_LENGTH) out += ALPHABET[byte % 62]
    }
  }
  return `${API_KEY_PREFIX}${out}`
}

export const keyView = (row: KeyRow): ApiKeyView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
})

export async function listKeys(db: Db, sellerId: string): Promise<ApiKeyView[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.sellerId, sellerId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
  return rows.map(keyView)
}

/**
 * Makes a key: its secret is returned here and nowhere else. The seller's row is locked while their keys
 * are counted, so ten made at once never go past MAX_API_KEYS.
 */
export async function createKey(
  db: Db,
  sellerId: string,
  input: { name: string; scopes: ApiScope[] },
): Promise<{ key: ApiKeyView; secret: string }> {
  const secret = newSecret()
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, sellerId)).for('update')
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.sellerId, sellerId), isNull(apiKeys.revokedAt)))
    if ((active?.n ?? 0) >= MAX_API_KEYS)
      throw new AppError(409, DEVELOPERS.tooManyKeys, { params: { max: MAX_API_KEYS } })
    const [made] = await tx
      .insert(apiKeys)
      .values({
        id: uuidv7(),
        sellerId,
        name: input.name,
        keyHash: hashKey(secret),
        prefix: secret.slice(0, SHOWN),
        // Kept in the contract's order, once each.
        scopes: [...new Set(input.scopes)].sort(),
      })
      .returning()
    return made
  })
  if (!row) throw new Error('the key was not stored')
  return { key: keyView(row), secret }
}

export async function revokeKey(db: Db, sellerId: string, keyId: string): Promise<ApiKeyView> {
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: clock.now() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.sellerId, sellerId), isNull(apiKeys.revokedAt)))
    .returning()
  if (revoked) return keyView(revoked)
  const [found] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.sellerId, sellerId)))
  if (!found) throw new AppError(404, DEVELOPERS.keyNotFound)
  throw new AppError(409, DEVELOPERS.alreadyRevoked)
}

/** Who a key acts for: its seller, as a caller who is a seller and nothing more (never an admin). */
export interface KeyCaller extends Caller {
  key: { id: string; scopes: string[] }
}

/**
 * The seller a key acts for, or null when the key is unknown or revoked, or its seller is suspended or no
 * longer sells. Its last use is noted (once a minute at most).
 */
export async function findKeyCaller(db: Db, secret: string): Promise<KeyCaller | null> {
  if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 200) return null
  const [row] = await db
    .select({ user: users, key: apiKeys })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.sellerId))
    .where(and(eq(apiKeys.keyHash, hashKey(secret)), isNull(apiKeys.revokedAt), isNull(users.suspendedAt)))
    .limit(1)
  if (!row?.user.roles.includes('seller')) return null
  const now = clock.now()
  if (!row.key.lastUsedAt || now.getTime() - row.key.lastUsedAt.getTime() >= LAST_USED_EVERY_MS)
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, row.key.id),
          or(
            isNull(apiKeys.lastUsedAt),
            lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS)),
          ),
        ),
      )
  return {
    // A key never carries its seller's other roles: an admin's key is a seller's key.
    user: { ...row.user, roles: ['seller'] },
    sessionId: `api-key:${row.key.id}`,
    key: { id: row.key.id, scopes: row.key.scopes },
  }
}

/** One write a key made or tried, for the seller's activity. */
export interface ActivityRecord {
  sellerId: string
  keyId: string
  operation: string
  method: string
  path: string
  status: number
  targetId: string | null
  errorCode: string | null
  ip: string
}

export async function recordActivity(db: Db, record: ActivityRecord): Promise<void> {
  await db.insert(apiActivity).values({ id: uuidv7(), ...record, apiKeyId: record.keyId })
}

/** The seller's keys' writes, newest first; `cursor` is the last entry's id (ids grow with time). */
export async function listActivity(
  db: Db,
  sellerId: string,
  input: { cursor?: string | undefined; limit: number },
): Promise<{ entries: ApiActivityView[]; nextCursor: string | null }> {
  const rows = await db
    .select({ entry: apiActivity, keyName: apiKeys.name })
    .from(apiActivity)
    .innerJoin(apiKeys, eq(apiKeys.id, apiActivity.apiKeyId))
    .where(
      and(eq(apiActivity.sellerId, sellerId), input.cursor ? lt(apiActivity.id, input.cursor) : undefined),
    )
    .orderBy(desc(apiActivity.id))
    .limit(input.limit + 1)
  const shown = rows.slice(0, input.limit)
  return {
    entries: shown.map(({ entry, keyName }) => ({
      id: entry.id,
      keyId: entry.apiKeyId,
      keyName,
      operation: entry.operation,
      method: entry.method,
      path: entry.path,
      status: entry.status,
      targetId: entry.targetId,
      errorCode: entry.errorCode,
      ip: entry.ip,
      at: entry.createdAt.toISOString(),
    })),
    nextCursor: rows.length > input.limit ? (shown.at(-1)?.entry.id ?? null) : null,
  }
}
