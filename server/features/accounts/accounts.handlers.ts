import { eq } from 'drizzle-orm'
import type { User } from '../../../contract/accounts.contract'
import type { Db } from '../../db/client'
import { sellers } from '../../db/schema'
import type { Handlers } from '../../rpc/handlers'
import { resolveUserSettings } from '../settings/settings.service'
import type { Role } from './accounts.service'
import type { UserRow } from './sessions'

/** The user object every subject hands out: never the password hash or other internals. */
export async function publicUser(db: Db, row: UserRow): Promise<User> {
  const [seller] = row.roles.includes('seller')
    ? await db.select({ handle: sellers.handle }).from(sellers).where(eq(sellers.userId, row.id)).limit(1)
    : []
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: row.roles as Role[],
    emailVerified: row.emailVerifiedAt !== null,
    settings: resolveUserSettings(row),
    ...(seller ? { handle: seller.handle } : {}),
  }
}

export const accountsHandlers: Pick<Handlers, 'getMe'> = {
  getMe: async (_input, ctx) => {
    // The dispatcher only calls a `user` subject with a caller.
    if (!ctx.caller) throw new Error('getMe called without a caller')
    return { user: await publicUser(ctx.db, ctx.caller.user) }
  },
}
