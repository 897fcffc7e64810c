import { clock } from '../../lib/clock'
import type { Handlers } from '../../rpc/context'
import { resolveUserSettings } from '../settings'
import { buyerHome } from './buyer-home'
import { knownZone } from './periods'
import { sellerHome } from './seller-home'

export const accountHomeHandlers: Pick<Handlers, 'getAccountHome'> = {
  // Who is asking decides what they get: the dispatcher has checked the session (600 without one).
  getAccountHome: async (_input, ctx) => {
    const { user } = ctx.caller
    const now = clock.now()
    if (user.roles.includes('seller')) {
      const timeZone = knownZone(resolveUserSettings(user).timeZone)
      const home = await sellerHome(ctx, user, timeZone, now)
      if (home) return home
    }
    return buyerHome(ctx.db, user, now)
  },
}
