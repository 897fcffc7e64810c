import { eq, sql } from 'drizzle-orm'
import { ACCOUNTS, ACCOUNTS_FIELD } from '../../../contract/errors/accounts'
import { sellers, users } from '../../db/schema'
import { clock } from '../../lib/clock'
import { AppError, isUniqueViolation } from '../../lib/errors'
import type { Handlers } from '../../rpc/context'
import { addSignupMethod } from '../payouts'
import { loadPublicUser, publicUser } from './accounts.handlers'
import { assertHandleAllowed, makeSeller } from './accounts.service'

const notSeller = (field: string) =>
  new AppError(400, ACCOUNTS.openStorefrontFirstRegister, { fields: { [field]: ACCOUNTS_FIELD.onlySellers } })

export const profileHandlers: Pick<
  Handlers,
  'getProfile' | 'becomeSeller' | 'updateProfile' | 'updateSettings'
> = {
  getProfile: async (_input, ctx) => {
    const { user } = ctx.caller
    const [seller] = await ctx.db.select().from(sellers).where(eq(sellers.userId, user.id)).limit(1)
    return {
      user: await publicUser(ctx.db, user),
      storefront: seller
        ? {
            handle: seller.handle,
            displayName: seller.displayName,
            country: seller.country,
            bio: seller.bio,
            links: seller.links,
            payoutMethod: seller.payoutMethod,
          }
        : null,
    }
  },

  becomeSeller: async (input, ctx) => {
    const { user } = ctx.caller
    if (user.roles.includes('seller')) throw new AppError(409, ACCOUNTS.alreadyStorefrontChangeProfile)
    await ctx.db.transaction((tx) => makeSeller(tx, user.id, input))
    await addSignupMethod(ctx, user.id, input.payoutMethod)
    return { user: await loadPublicUser(ctx.db, user.id) }
  },

  updateProfile: async (input, ctx) => {
    const { user } = ctx.caller
    const isSeller = user.roles.includes('seller')
    const storefront = {
      ...(input.handle !== undefined ? { handle: input.handle } : {}),
      ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
      ...(input.bio !== undefined ? { bio: input.bio } : {}),
      ...(input.links !== undefined ? { links: input.links } : {}),
    }
    const first = Object.keys(storefront)[0]
    if (first && !isSeller) throw notSeller(first)
    if (input.handle !== undefined) assertHandleAllowed(input.handle)
    try {
      await ctx.db.transaction(async (tx) => {
        if (input.name !== undefined)
          await tx
            .update(users)
            .set({ name: input.name, updatedAt: clock.now() })
            .where(eq(users.id, user.id))
        if (first) await tx.update(sellers).set(storefront).where(eq(sellers.userId, user.id))
      })
    } catch (error) {
      if (isUniqueViolation(error, 'sellers_handle_lower_key'))
        throw new AppError(409, ACCOUNTS.handleTakenPickAnother, {
          fields: { handle: ACCOUNTS_FIELD.alreadyTaken },
        })
      throw error
    }
    return { user: await loadPublicUser(ctx.db, user.id) }
  },

  updateSettings: async (input, ctx) => {
    const { user } = ctx.caller
    const { payoutMethod, ...settings } = input
    if (payoutMethod && !user.roles.includes('seller')) throw notSeller('payoutMethod')
    await ctx.db.transaction(async (tx) => {
      if (Object.keys(settings).length > 0)
        await tx
          .update(users)
          // Merged into what is stored: a setting left out keeps its value.
          .set({
            settings: sql`${users.settings} || ${JSON.stringify(settings)}::jsonb`,
            updatedAt: clock.now(),
          })
          .where(eq(users.id, user.id))
      if (payoutMethod) await tx.update(sellers).set({ payoutMethod }).where(eq(sellers.userId, user.id))
    })
    return { user: await loadPublicUser(ctx.db, user.id) }
  },
}
