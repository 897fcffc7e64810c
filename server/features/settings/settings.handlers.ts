import type { Handlers } from '../../rpc/context'
import { resolveUserSettings } from './settings.service'

export const settingsHandlers: Pick<Handlers, 'getSettings'> = {
  getSettings: async (_input, ctx) => ({
    platform: ctx.platform,
    user: ctx.caller ? resolveUserSettings(ctx.caller.user) : null,
  }),
}
