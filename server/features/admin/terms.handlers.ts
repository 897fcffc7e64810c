import type { Handlers } from '../../rpc/context'
import { audit } from './audit'
import { changedFigures } from './terms'

export const termsHandlers: Pick<Handlers, 'getPlatformTerms' | 'updatePlatformTerms'> = {
  getPlatformTerms: async (_input, ctx) => ({
    terms: await ctx.terms.get(),
    defaults: ctx.terms.defaults,
    updatedAt: (await ctx.terms.changedAt())?.toISOString() ?? null,
  }),

  updatePlatformTerms: async ({ terms }, ctx) => {
    const before = await ctx.terms.get()
    const changed = changedFigures(before, terms)
    if (changed.length === 0) return { terms: before, changed }
    const pick = (source: Record<string, unknown>) =>
      Object.fromEntries(
        changed.map((name) => {
          const [key, code] = name.split('.') as [string, string | undefined]
          const value = source[key]
          return [name, code ? (value as Record<string, unknown>)[code] : value]
        }),
      )
    const applied = await ctx.db.transaction(async (tx) => {
      const apply = await ctx.terms.save(tx, terms)
      await audit(tx, ctx, {
        action: 'settings.update',
        target: { kind: 'settings', id: 'terms', label: 'Platform terms' },
        before: pick(before),
        after: pick(terms),
      })
      return apply
    })
    applied()
    return { terms: await ctx.terms.get(), changed }
  },
}
