import type { Handlers } from '../../rpc/context'
import { withTerms } from '../admin/terms-view'
import { resolveUserSettings } from './settings.service'

export const settingsHandlers: Pick<Handlers, 'getSettings'> = {
  getSettings: async (_input, ctx) => ({
    platform: withTerms(ctx.platform, await ctx.terms.get()),
    user: ctx.caller ? resolveUserSettings(ctx.caller.user) : null,
  }),
}
