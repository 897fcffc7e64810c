import type { PlatformTerms } from '../../../contract/platform-terms.contract'
import type { PlatformSettings } from '../../../contract/settings.contract'
import { withTerms } from '../../platform/terms-view'
import type { Handlers } from '../../rpc/context'
import { keptAnswer } from '../../rpc/kept'
import { resolveUserSettings } from './settings.service'

/** The public settings made once per terms in force: the same few kilobytes are asked for on every start. */
const made = new WeakMap<PlatformSettings, WeakMap<PlatformTerms, PlatformSettings>>()

function publicSettings(platform: PlatformSettings, terms: PlatformTerms): PlatformSettings {
  let byTerms = made.get(platform)
  if (!byTerms) {
    byTerms = new WeakMap()
    made.set(platform, byTerms)
  }
  let settings = byTerms.get(terms)
  if (!settings) {
    settings = withTerms(platform, terms)
    byTerms.set(terms, settings)
  }
  return settings
}

/** What anyone signed out is answered, once per public settings: every visit starts by asking. */
const anonymous = new WeakMap<PlatformSettings, { platform: PlatformSettings; user: null }>()

export const settingsHandlers: Pick<Handlers, 'getSettings'> = {
  getSettings: async (_input, ctx) => {
    const platform = publicSettings(ctx.platform, await ctx.terms.get())
    if (ctx.caller) return { platform, user: resolveUserSettings(ctx.caller.user) }
    let answer = anonymous.get(platform)
    if (!answer) {
      answer = keptAnswer({ platform, user: null })
      anonymous.set(platform, answer)
    }
    return answer
  },
}
