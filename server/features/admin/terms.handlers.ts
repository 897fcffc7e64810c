import { audit } from '../../lib/audit'
import { changedFigures } from '../../platform/terms'
import type { Handlers } from '../../rpc/context'

export const termsHandlers: Pick<Handlers, 'getPlatformTerms' | 'updatePlatformTerms'> = {
  getPlatformTerms: async (_input, ctx) => ({
    terms: await ctx.terms.get(),
    defaults: ctx.terms.defaults,
    updatedAt: (await ctx.terms.changedAt())?.toISOString() ?? null,
  }),

  updatePlatformTerms: async ({ terms }, ctx) => {
    const { apply, changed } = await ctx.db.transaction(async (tx) => {
      // What is stored now, under its lock: two admins saving at once each record what they replaced.
      const before = await ctx.terms.locked(tx)
      const changed = changedFigures(before, terms)
      if (changed.length === 0) return { apply: null, changed }
      const pick = (source: Record<string, unknown>) =>
        Object.fromEntries(
          changed.map((name) => {
            const [key, code] = name.split('.') as [string, string | undefined]
            const value = source[key]
            return [name, code ? (value as Record<string, unknown>)[code] : value]
          }),
        )
      const apply = await ctx.terms.save(tx, terms)
      await audit(tx, ctx, {
        action: 'settings.update',
        // i18n-ignore: the audit log's label of what changed, an internal record
        target: { kind: 'settings', id: 'terms', label: 'Platform terms' },
        before: pick(before),
        after: pick(terms),
      })
      return { apply, changed }
    })
    apply?.()
    return { terms: await ctx.terms.get(), changed }
  },
}
