import { eq, sql } from 'drizzle-orm'
import { ADMIN, ADMIN_FIELD } from '../../../contract/errors/admin'
import { sellers, users } from '../../db/schema'
import { audit, readAuditLog } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { passwordResetMail } from '../../mail/templates'
import type { Handlers } from '../../rpc/context'
import { issueOneTimeToken, sendQuietly } from '../accounts'
import { userLanguage } from '../settings'
import {
  adminUserRow,
  assertAdminRemains,
  endSessions,
  findUser,
  handleOf,
  listUsers,
  userDetails,
} from './people'
import { reinstatedMail, suspendedMail } from './people-mails'

export const peopleHandlers: Pick<
  Handlers,
  | 'listUsers'
  | 'getUser'
  | 'suspendUser'
  | 'reinstateUser'
  | 'setUserRole'
  | 'forcePasswordReset'
  | 'listAuditLog'
> = {
  listUsers: async (input, ctx) => listUsers(ctx.db, input),

  getUser: async ({ id }, ctx) => userDetails(ctx.db, id, ctx.caller.user.id),

  suspendUser: async ({ id, reason }, ctx) => {
    if (id === ctx.caller.user.id)
      throw new AppError(403, ADMIN.cannotSuspendYourself, { fields: { id: ADMIN_FIELD.thatIsYou } })
    const updated = await ctx.db.transaction(async (tx) => {
      const row = await findUser(tx, id, { lock: true })
      if (row.suspendedAt)
        throw new AppError(409, ADMIN.alreadySuspended, { fields: { id: ADMIN_FIELD.alreadySuspended } })
      if (row.roles.includes('admin')) await assertAdminRemains(tx, id)
      const [next] = await tx
        .update(users)
        .set({ suspendedAt: clock.now(), suspensionReason: reason, updatedAt: clock.now() })
        .where(eq(users.id, id))
        .returning()
      if (!next) throw new Error('the person vanished under their lock')
      await endSessions(tx, id)
      await audit(tx, ctx, {
        action: 'user.suspend',
        target: { kind: 'user', id, label: row.email },
        reason,
        before: { suspended: false },
        after: { suspended: true, reason },
      })
      return next
    })
    await sendQuietly(ctx, suspendedMail(updated, reason, `${ctx.config.publicUrl}/contact-us`))
    return { user: adminUserRow(updated, await handleOf(ctx.db, id)) }
  },

  reinstateUser: async ({ id }, ctx) => {
    const updated = await ctx.db.transaction(async (tx) => {
      const row = await findUser(tx, id, { lock: true })
      if (!row.suspendedAt)
        throw new AppError(409, ADMIN.notSuspended, { fields: { id: ADMIN_FIELD.notSuspended } })
      const [next] = await tx
        .update(users)
        .set({ suspendedAt: null, suspensionReason: null, updatedAt: clock.now() })
        .where(eq(users.id, id))
        .returning()
      if (!next) throw new Error('the person vanished under their lock')
      await audit(tx, ctx, {
        action: 'user.reinstate',
        target: { kind: 'user', id, label: row.email },
        before: { suspended: true, reason: row.suspensionReason },
        after: { suspended: false },
      })
      return next
    })
    await sendQuietly(ctx, reinstatedMail(updated, `${ctx.config.publicUrl}/login`))
    return { user: adminUserRow(updated, await handleOf(ctx.db, id)) }
  },

  setUserRole: async ({ id, role, grant }, ctx) => {
    if (role === 'admin' && !grant && id === ctx.caller.user.id)
      throw new AppError(403, ADMIN.cannotRemoveOwnAdmin, { fields: { id: ADMIN_FIELD.thatIsYou } })
    const updated = await ctx.db.transaction(async (tx) => {
      if (role === 'admin' && !grant) await assertAdminRemains(tx, id)
      const row = await findUser(tx, id, { lock: true })
      const has = row.roles.includes(role)
      if (has === grant)
        throw new AppError(409, ROLE_ALREADY[`${role}.${grant}`], {
          fields: { role: grant ? ADMIN_FIELD.alreadyHasIt : ADMIN_FIELD.doesNotHaveIt },
        })
      if (role === 'seller' && grant) {
        const [storefront] = await tx
          .select({ id: sellers.userId })
          .from(sellers)
          .where(eq(sellers.userId, id))
        if (!storefront)
          throw new AppError(409, ADMIN.noStorefrontYet, {
            fields: { role: ADMIN_FIELD.noStorefrontYet },
          })
      }
      const [next] = await tx
        .update(users)
        .set({
          roles: grant
            ? sql`array_append(array_remove(${users.roles}, ${role}), ${role})`
            : sql`array_remove(${users.roles}, ${role})`,
          updatedAt: clock.now(),
        })
        .where(eq(users.id, id))
        .returning()
      if (!next) throw new Error('the person vanished under their lock')
      await audit(tx, ctx, {
        action: grant ? `role.grant.${role}` : `role.remove.${role}`,
        target: { kind: 'user', id, label: row.email },
        before: { roles: row.roles },
        after: { roles: next.roles },
      })
      return next
    })
    return { user: adminUserRow(updated, await handleOf(ctx.db, id)) }
  },

  forcePasswordReset: async ({ id }, ctx) => {
    const { row, token } = await ctx.db.transaction(async (tx) => {
      const row = await findUser(tx, id, { lock: true })
      await tx.update(users).set({ passwordHash: null, updatedAt: clock.now() }).where(eq(users.id, id))
      await endSessions(tx, id)
      const { token } = await issueOneTimeToken(tx, { userId: id, purpose: 'reset-password' })
      await audit(tx, ctx, {
        action: 'user.password-reset',
        target: { kind: 'user', id, label: row.email },
        before: { hasPassword: row.passwordHash !== null },
        after: { hasPassword: false },
      })
      return { row, token }
    })
    await sendQuietly(
      ctx,
      passwordResetMail(row.email, row.name, `${ctx.config.publicUrl}/reset/${token}`, userLanguage(row)),
    )
    return { ok: true as const }
  },

  listAuditLog: async (input, ctx) => readAuditLog(ctx.db, input),
}

/** A role granted to someone who has it, or taken from someone who does not. */
const ROLE_ALREADY = {
  'admin.true': ADMIN.alreadyAdmin,
  'admin.false': ADMIN.notAdmin,
  'seller.true': ADMIN.alreadySeller,
  'seller.false': ADMIN.notSeller,
} as const
