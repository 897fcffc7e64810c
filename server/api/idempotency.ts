import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { apiIdempotency } from '../db/schema'
import { clock } from '../lib/clock'

/** How long an answer is kept under its Idempotency-Key: a retry a day later is a new request. */
export const IDEMPOTENCY_KEPT_HOURS = 24
/** A request still being answered holds its key this long; then, its instance gone, the key is free again. */
const RUNNING_LEASE_MS = 60_000

/** 1 to 255 visible ASCII characters (a UUID, usually). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/

/** What the method, the path and the body come to: a retry must send the same. */
export const requestHash = (method: string, path: string, body: string) =>
  createHash('sha256').update(`${method} ${path}\n${body}`).digest('hex')

export type Claim =
  | { kind: 'new' }
  | { kind: 'replay'; status: number; body: unknown }
  /** The key was first used for another request. */
  | { kind: 'reused' }
  /** The first request with this key is still being answered. */
  | { kind: 'running' }

/**
 * Claims a key for a request, in one statement that two instances cannot both win: a new key is taken; a
 * key whose first request was left running by a dead instance (its lease over) is taken again by the same
 * request; a key older than a day is taken afresh. Otherwise the key's row says what to answer.
 */
export async function claimKey(db: Db, apiKeyId: string, key: string, hash: string): Promise<Claim> {
  const now = clock.now()
  const lockedUntil = new Date(now.getTime() + RUNNING_LEASE_MS)
  const expired = new Date(now.getTime() - IDEMPOTENCY_KEPT_HOURS * 3600_000)
  const taken = await db
    .insert(apiIdempotency)
    .values({ apiKeyId, key, requestHash: hash, status: 'running', createdAt: now, lockedUntil })
    .onConflictDoUpdate({
      target: [apiIdempotency.apiKeyId, apiIdempotency.key],
      set: {
        requestHash: hash,
        status: 'running',
        responseStatus: null,
        responseBody: null,
        createdAt: now,
        lockedUntil,
      },
      setWhere: sql`${apiIdempotency.createdAt} < ${expired} or (${apiIdempotency.status} = 'running'
        and ${apiIdempotency.lockedUntil} < ${now} and ${apiIdempotency.requestHash} = ${hash})`,
    })
    .returning({ key: apiIdempotency.key })
  if (taken.length > 0) return { kind: 'new' }
  const [row] = await db
    .select()
    .from(apiIdempotency)
    .where(and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.key, key)))
  if (!row) return { kind: 'running' }
  if (row.requestHash !== hash) return { kind: 'reused' }
  if (row.status === 'done' && row.responseStatus !== null)
    return { kind: 'replay', status: row.responseStatus, body: row.responseBody }
  return { kind: 'running' }
}

/**
 * Keeps the answer under the key. A server error is not kept: the key is freed, and the same request
 * sent again is tried again.
 */
export async function settleKey(db: Db, apiKeyId: string, key: string, status: number, body: unknown) {
  const where = and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.key, key))
  if (status >= 500) await db.delete(apiIdempotency).where(where)
  else
    await db
      .update(apiIdempotency)
      .set({ status: 'done', responseStatus: status, responseBody: body })
      .where(where)
}
