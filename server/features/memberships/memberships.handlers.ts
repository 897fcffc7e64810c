import type { Handlers } from '../../rpc/context'
import { deleteAssetObjects } from '../catalog'
import { checkoutCall } from '../checkout'
import { changeTier, pause, resume } from './changes.service'
import { joinMembership } from './join'
import { cancelMembership, listMine, payNow } from './memberships.service'
import { membersOverview } from './overview.service'
import { deletePost, listPosts, memberPosts, savePost } from './posts.service'

export const membershipsHandlers: Pick<
  Handlers,
  | 'joinMembership'
  | 'listMyMemberships'
  | 'cancelMembership'
  | 'payMembershipNow'
  | 'changeMembershipTier'
  | 'pauseMembership'
  | 'resumeMembership'
  | 'saveMembershipPost'
  | 'deleteMembershipPost'
  | 'listMembershipPosts'
  | 'listMemberPosts'
  | 'getMembersOverview'
> = {
  joinMembership: async (input, ctx) => {
    const { caller, requester, line } = checkoutCall(ctx)
    return joinMembership(ctx, input, caller, requester, line)
  },
  listMyMemberships: async (_input, ctx) => ({ memberships: await listMine(ctx.db, ctx.caller.user.id) }),
  cancelMembership: async ({ id }, ctx) => ({
    membership: await cancelMembership(ctx, ctx.caller.user.id, id),
  }),
  payMembershipNow: async ({ id }, ctx) => payNow(ctx, ctx.caller.user.id, id),
  changeMembershipTier: async (input, ctx) => ({
    membership: await changeTier(ctx, ctx.caller.user.id, input),
  }),
  pauseMembership: async ({ id, months }, ctx) => ({
    membership: await pause(ctx, ctx.caller.user.id, id, months),
  }),
  resumeMembership: async ({ id }, ctx) => ({ membership: await resume(ctx, ctx.caller.user.id, id) }),
  saveMembershipPost: async (input, ctx) => {
    const { post, dropped } = await savePost(ctx.db, ctx.caller.user.id, input)
    await deleteAssetObjects(ctx.storage, ctx.log, dropped)
    return { post }
  },
  deleteMembershipPost: async ({ id }, ctx) => {
    const { dropped } = await deletePost(ctx.db, ctx.caller.user.id, id)
    await deleteAssetObjects(ctx.storage, ctx.log, dropped)
    return { deleted: true }
  },
  listMembershipPosts: async ({ productId }, ctx) => ({
    posts: await listPosts(ctx.db, ctx.caller.user.id, productId),
  }),
  listMemberPosts: async ({ membershipId }, ctx) => memberPosts(ctx.db, ctx.caller.user.id, membershipId),
  getMembersOverview: async ({ productId }, ctx) => membersOverview(ctx.db, ctx.caller.user.id, productId),
}
