import { eq, sql } from 'drizzle-orm'
import type { Role } from '../../../contract/accounts.contract'
import { ACCOUNTS, ACCOUNTS_FIELD } from '../../../contract/errors/accounts'
import { users } from '../../db/schema'
import { audit } from '../../lib/audit'
import { clock, dbNow } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { inviteMail } from '../../mail/templates'
import type { Handlers } from '../../rpc/context'
import { expiredLink, findUserByEmail, publicUser, sendQuietly } from './accounts.handlers'
import { createUser } from './accounts.service'
import { consumeOneTimeToken, findOneTimeToken, issueOneTimeToken } from './one-time-tokens'
import { assertStrongPassword } from './password-policy'
import { verifyPassword } from './passwords'
import { createSession } from './sessions'

export const inviteHandlers: Pick<Handlers, 'createInvite' | 'acceptInvite'> = {
  createInvite: async (input, ctx) => {
    const admin = ctx.caller.user
    const { token, expiresAt } = await ctx.db.transaction(async (tx) => {
      const issued = await issueOneTimeToken(tx, {
        userId: null,
        purpose: 'invite',
        data: { email: input.email, role: input.role, invitedBy: admin.id },
      })
      await audit(tx, ctx, {
        action: 'invite.create',
        target: { kind: 'invite', id: input.email, label: input.email },
        after: { role: input.role },
      })
      return issued
    })
    await sendQuietly(
      ctx,
      inviteMail(
        input.email,
        admin.name,
        input.role,
        `${ctx.config.publicUrl}/invite?code=${token}`,
        ctx.lang,
      ),
    )
    return { sentTo: input.email, expiresAt: expiresAt.toISOString() }
  },

  acceptInvite: async (input, ctx) => {
    const invalid = () => expiredLink('code', ACCOUNTS.inviteExpired)
    const pending = await findOneTimeToken(ctx.db, input.code, 'invite')
    if (!pending) throw invalid()
    const email = String(pending.data.email)
    const role = pending.data.role as Role
    const existing = await findUserByEmail(ctx.db, email)
    // Everything that can be refused is checked before the invitation is used up.
    if (existing) {
      if (!existing.passwordHash || !(await verifyPassword(input.password, existing.passwordHash)))
        throw new AppError(401, ACCOUNTS.inviteEmailHasAccount, {
          params: { email },
          fields: { password: ACCOUNTS_FIELD.notPasswordAccount },
        })
    } else {
      assertStrongPassword(input.password, { email, name: input.name })
    }
    const userId = await ctx.db.transaction(async (tx) => {
      if (!(await consumeOneTimeToken(tx, input.code, 'invite'))) throw invalid()
      if (existing) {
        await tx
          .update(users)
          .set({
            roles: sql`array_append(array_remove(${users.roles}, ${role}), ${role})`,
            // The invitation came to this address, so it is confirmed.
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${dbNow()})`,
            updatedAt: clock.now(),
          })
          .where(eq(users.id, existing.id))
        return existing.id
      }
      const created = await createUser(tx, {
        email,
        name: input.name,
        password: input.password,
        roles: [role],
        emailVerified: true,
      })
      return created.id
    })
    const [row] = await ctx.db.select().from(users).where(eq(users.id, userId))
    if (!row) throw new Error('invited user vanished')
    const session = await createSession(ctx.db, userId, ctx.userAgent, ctx.ip)
    return { token: session.token, user: await publicUser(ctx.db, row) }
  },
}
