import type { Handlers } from '../../rpc/context'
import { createKey, listActivity, listKeys, revokeKey } from './keys.service'

export const developersHandlers: Pick<
  Handlers,
  'listApiKeys' | 'createApiKey' | 'revokeApiKey' | 'listApiActivity'
> = {
  listApiKeys: async (_input, ctx) => ({ keys: await listKeys(ctx.db, ctx.caller.user.id) }),
  createApiKey: async (input, ctx) => createKey(ctx.db, ctx.caller.user.id, input),
  revokeApiKey: async ({ keyId }, ctx) => ({ key: await revokeKey(ctx.db, ctx.caller.user.id, keyId) }),
  listApiActivity: async (input, ctx) => listActivity(ctx.db, ctx.caller.user.id, input),
}
