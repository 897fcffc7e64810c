import type { Handlers } from '../../rpc/context'
import { joinMembership } from './join'
import { cancelMembership, listMine, payNow } from './memberships.service'

export const membershipsHandlers: Pick<
  Handlers,
  'joinMembership' | 'listMyMemberships' | 'cancelMembership' | 'payMembershipNow'
> = {
  joinMembership: async (input, ctx) =>
    joinMembership(
      ctx,
      input,
      ctx.caller?.user ?? null,
      { ip: ctx.ip, device: ctx.device, lang: ctx.lang },
      { lines: ctx.checkoutLines, ...(ctx.signal ? { signal: ctx.signal } : {}) },
    ),
  listMyMemberships: async (_input, ctx) => ({ memberships: await listMine(ctx.db, ctx.caller.user.id) }),
  cancelMembership: async ({ id }, ctx) => ({
    membership: await cancelMembership(ctx, ctx.caller.user.id, id),
  }),
  payMembershipNow: async ({ id }, ctx) => payNow(ctx, ctx.caller.user.id, id),
}
