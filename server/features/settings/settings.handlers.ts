import type { Lang } from '../../../contract/i18n'
import type { PlatformTerms } from '../../../contract/platform-terms.contract'
import type { PlatformSettings } from '../../../contract/settings.contract'
import { withTerms } from '../../platform/terms-view'
import type { Handlers } from '../../rpc/context'
import { keptAnswer } from '../../rpc/kept'
import { resolveUserSettings } from './settings.service'

/**
 * The public settings made once per terms in force and language (the fee's sentence is in it): the same few
 * kilobytes are asked for on every start.
 */
const made = new WeakMap<PlatformSettings, WeakMap<PlatformTerms, Map<Lang, PlatformSettings>>>()

function publicSettings(platform: PlatformSettings, terms: PlatformTerms, lang: Lang): PlatformSettings {
  let byTerms = made.get(platform)
  if (!byTerms) {
    byTerms = new WeakMap()
    made.set(platform, byTerms)
  }
  let byLang = byTerms.get(terms)
  if (!byLang) {
    byLang = new Map()
    byTerms.set(terms, byLang)
  }
  let settings = byLang.get(lang)
  if (!settings) {
    settings = withTerms(platform, terms, lang)
    byLang.set(lang, settings)
  }
  return settings
}

/** What anyone signed out is answered, once per public settings: every visit starts by asking. */
const anonymous = new WeakMap<PlatformSettings, { platform: PlatformSettings; user: null }>()

export const settingsHandlers: Pick<Handlers, 'getSettings'> = {
  getSettings: async (_input, ctx) => {
    const platform = publicSettings(ctx.platform, await ctx.terms.get(), ctx.lang)
    if (ctx.caller) return { platform, user: resolveUserSettings(ctx.caller.user) }
    let answer = anonymous.get(platform)
    if (!answer) {
      answer = keptAnswer({ platform, user: null })
      anonymous.set(platform, answer)
    }
    return answer
  },
}
