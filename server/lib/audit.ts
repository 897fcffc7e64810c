import { and, desc, eq, ilike, lt, or, sql } from 'drizzle-orm'
import type { AuditEntry } from '../../contract/admin-people.contract'
import type { DbOrTx } from '../db/client'
import { auditLog } from '../db/schema'
import type { Caller } from './caller'
import { containing } from './like'
import { uuidv7 } from './uuid'

/** Who did it and from where: the admin's session and address. */
export interface Actor {
  caller: Caller
  ip: string
}

export interface AuditRecord {
  action: string
  target: { kind: string; id: string; label?: string }
  reason?: string | null
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/**
 * Writes what an admin did. Call it in the transaction that makes the change, so the change and its entry
 * are stored together or not at all.
 */
export async function audit(tx: DbOrTx, actor: Actor, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    id: uuidv7(),
    actorId: actor.caller.user.id,
    actorEmail: actor.caller.user.email,
    action: record.action,
    targetKind: record.target.kind,
    targetId: record.target.id,
    targetLabel: record.target.label ?? '',
    reason: record.reason ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
    ip: actor.ip,
  })
}

/** The log, newest first; `cursor` is the id of the last entry of the previous page (ids grow with time). */
export async function readAuditLog(
  db: DbOrTx,
  input: { q: string; targetId?: string; cursor?: string; limit: number },
): Promise<{ entries: AuditEntry[]; next: string | null }> {
  const words = input.q
  const like = containing(words)
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        input.targetId ? eq(auditLog.targetId, input.targetId) : undefined,
        input.cursor ? lt(auditLog.id, input.cursor) : undefined,
        words
          ? or(
              ilike(auditLog.action, like),
              ilike(auditLog.actorEmail, like),
              ilike(auditLog.targetLabel, like),
              ilike(auditLog.targetId, like),
              ilike(auditLog.reason, like),
              sql`${auditLog.ip} = ${input.q}`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(input.limit + 1)
  const page = rows.slice(0, input.limit)
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      actor: { id: row.actorId, email: row.actorEmail },
      action: row.action,
      target: { kind: row.targetKind, id: row.targetId, label: row.targetLabel },
      reason: row.reason,
      before: row.before,
      after: row.after,
      ip: row.ip,
    })),
    next: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  }
}
