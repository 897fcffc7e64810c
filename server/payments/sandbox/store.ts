import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sandboxObjects } from '../../db/schema'
import { dbNow } from '../../lib/clock'

export type SandboxProvider = 'mpesa' | 'paypal' | 'stripe' | 'africastalking'

/**
 * The simulators' records (an STK prompt, a PayPal order, a Stripe session), kept in the database so that
 * every instance of the server sees the same sandbox. `data` is the record as the simulator needs it.
 */
export class SandboxStore {
  constructor(private readonly db: Db) {}

  async put<T extends Record<string, unknown>>(provider: SandboxProvider, kind: string, id: string, data: T) {
    await this.db.insert(sandboxObjects).values({ provider, kind, id, data })
  }

  async get<T extends Record<string, unknown>>(provider: SandboxProvider, id: string): Promise<T | null> {
    const [row] = await this.db
      .select({ data: sandboxObjects.data })
      .from(sandboxObjects)
      .where(and(eq(sandboxObjects.provider, provider), eq(sandboxObjects.id, id)))
    return (row?.data as T | undefined) ?? null
  }

  /**
   * Changes a record under a row lock: `change` sees the current data and returns the new data, or null
   * to leave it. Answers what was stored afterwards (null when there is no such record), and whether
   * `change` changed it, so that two instances acting on one prompt at once act once.
   */
  async update<T extends Record<string, unknown>>(
    provider: SandboxProvider,
    id: string,
    change: (data: T) => T | null,
  ): Promise<{ data: T; changed: boolean } | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ data: sandboxObjects.data })
        .from(sandboxObjects)
        .where(and(eq(sandboxObjects.provider, provider), eq(sandboxObjects.id, id)))
        .for('update')
      if (!row) return null
      const next = change(row.data as T)
      if (next === null) return { data: row.data as T, changed: false }
      await tx
        .update(sandboxObjects)
        .set({ data: next, updatedAt: dbNow() })
        .where(and(eq(sandboxObjects.provider, provider), eq(sandboxObjects.id, id)))
      return { data: next, changed: true }
    })
  }

  /** Records of one kind, newest first, whose data contains `match` (a JSON containment test). */
  async list<T extends Record<string, unknown>>(
    provider: SandboxProvider,
    kind: string,
    match: Record<string, unknown> = {},
    limit = 20,
  ): Promise<T[]> {
    const rows = await this.db
      .select({ data: sandboxObjects.data })
      .from(sandboxObjects)
      .where(
        and(
          eq(sandboxObjects.provider, provider),
          eq(sandboxObjects.kind, kind),
          sql`${sandboxObjects.data} @> ${JSON.stringify(match)}::jsonb`,
        ),
      )
      .orderBy(sql`${sandboxObjects.createdAt} desc`)
      .limit(limit)
    return rows.map((row) => row.data as T)
  }
}
