import { and, count, eq, isNotNull, sql } from 'drizzle-orm'
import type { CurrencyCode } from '../../../contract/currencies'
import type { CheckoutRecoveryView } from '../../../contract/discounts.contract'
import type { Db } from '../../db/client'
import { checkoutReminders, orders, users } from '../../db/schema'
import type { Handlers } from '../../rpc/context'
import { resolveUserSettings } from '../settings'

/** A seller's recovery: their switches, the SMS price in their currency, reminders sent and what came back. */
async function recoveryOf(db: Db, sellerId: string, smsPrice: Record<CurrencyCode, number>) {
  const [[seller], [reminders], totals] = await Promise.all([
    db.select({ settings: users.settings }).from(users).where(eq(users.id, sellerId)),
    db
      .select({
        email: sql<number>`count(*) filter (where ${checkoutReminders.email})::int`,
        sms: sql<number>`count(*) filter (where ${checkoutReminders.sms})::int`,
      })
      .from(checkoutReminders)
      .innerJoin(orders, eq(orders.id, checkoutReminders.orderId))
      .where(eq(orders.sellerId, sellerId)),
    db
      .select({ currency: orders.currency, n: count(), total: sql<string>`sum(${orders.total})::text` })
      .from(orders)
      .where(and(eq(orders.sellerId, sellerId), isNotNull(orders.recoveredFrom), eq(orders.status, 'paid')))
      .groupBy(orders.currency)
      .orderBy(orders.currency),
  ])
  const settings = resolveUserSettings(seller ?? { settings: {} })
  return {
    recoverCheckouts: settings.recoverCheckouts,
    recoverBySms: settings.recoverBySms,
    smsPrice: { amount: smsPrice[settings.currency], currency: settings.currency },
    reminders: { email: reminders?.email ?? 0, sms: reminders?.sms ?? 0 },
    recovered: totals.reduce((sum, row) => sum + row.n, 0),
    recoveredTotals: totals.map((row) => ({ amount: Number(row.total), currency: row.currency })),
  } satisfies CheckoutRecoveryView
}

export const recoveryHandlers: Pick<Handlers, 'getCheckoutRecovery'> = {
  getCheckoutRecovery: async (_input, ctx) => ({
    recovery: await recoveryOf(ctx.db, ctx.caller.user.id, (await ctx.terms.get()).recoverySms),
  }),
}
