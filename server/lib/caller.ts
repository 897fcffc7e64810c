import type { users } from '../db/schema'

/** A person's row in `users`. */
export type UserRow = typeof users.$inferSelect

/**
 * Who is asking: the signed-in person and the session they asked with. The accounts feature finds them by
 * their token (`findCaller`); the RPC context, the audit log and any feature may name them.
 */
export interface Caller {
  user: UserRow
  sessionId: string
}
