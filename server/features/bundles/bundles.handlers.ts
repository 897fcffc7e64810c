import type { Handlers } from '../../rpc/context'
import { checkoutCall } from '../checkout'
import { quoteBundle, startBundleCheckout } from './bundle-checkout'
import { deleteBundle, listBundles, publicBundle, publishBundle, saveBundle } from './bundles.service'

export const bundlesHandlers: Pick<
  Handlers,
  | 'listMyBundles'
  | 'saveBundle'
  | 'publishBundle'
  | 'deleteBundle'
  | 'getBundle'
  | 'quoteBundle'
  | 'startBundleCheckout'
> = {
  listMyBundles: async (_input, ctx) => ({ bundles: await listBundles(ctx.db, ctx.caller.user.id) }),
  saveBundle: async (input, ctx) => ({ bundle: await saveBundle(ctx.db, ctx.caller.user.id, input) }),
  publishBundle: async ({ id, published }, ctx) => ({
    bundle: await publishBundle(ctx.db, ctx.caller.user.id, id, published),
  }),
  deleteBundle: async ({ id }, ctx) => deleteBundle(ctx.db, ctx.caller.user.id, id),
  getBundle: async ({ id }, ctx) => ({ bundle: await publicBundle(ctx.db, id) }),
  quoteBundle: async (input, ctx) => quoteBundle(ctx.db, input),
  startBundleCheckout: async (input, ctx) => {
    const { caller, requester, line } = checkoutCall(ctx)
    return startBundleCheckout(ctx, input, caller, requester, line)
  },
}
