import type { Handlers } from '../../rpc/context'
import { createCode, listCodes, pauseCode } from './discounts.service'

export const discountsHandlers: Pick<
  Handlers,
  'listDiscountCodes' | 'createDiscountCode' | 'pauseDiscountCode'
> = {
  listDiscountCodes: async (_input, ctx) => ({ codes: await listCodes(ctx.db, ctx.caller.user.id) }),
  createDiscountCode: async (input, ctx) => ({ code: await createCode(ctx.db, ctx.caller.user.id, input) }),
  pauseDiscountCode: async ({ codeId, paused }, ctx) => ({
    code: await pauseCode(ctx.db, ctx.caller.user.id, codeId, paused),
  }),
}
