import { and, eq, inArray, sql } from 'drizzle-orm'
import type { CurrencyCode } from '../../../contract/currencies'
import type { PayoutStatus } from '../../../contract/payouts.constants'
import type { PayoutBalance } from '../../../contract/payouts.contract'
import type { DbOrTx } from '../../db/client'
import { ledgerEntries, payouts } from '../../db/schema'
import { clock } from '../../lib/clock'
import { sellerBalances } from '../transactions'

/** Payouts whose money is set aside and not yet paid. */
export const ON_THE_WAY: PayoutStatus[] = ['approval', 'scheduled', 'sending', 'processing']

/** What the ledger lets a seller withdraw now in one currency (below zero after a refund of paid-out money). */
export async function availableNow(tx: DbOrTx, sellerId: string, currency: CurrencyCode, now = clock.now()) {
  const balances = await sellerBalances(tx, sellerId, now)
  return balances.find((b) => b.currency === currency)?.available ?? 0
}

/**
 * Every currency a seller has money or payouts in: available and held from the ledger (a sale's earnings
 * are held until their `available_at`), on its way out and paid out from their payouts.
 */
export async function balances(db: DbOrTx, sellerId: string, now = clock.now()): Promise<PayoutBalance[]> {
  const account = `seller:${sellerId}`
  const [ledger, holds, out] = await Promise.all([
    sellerBalances(db, sellerId, now),
    db
      .select({
        currency: ledgerEntries.currency,
        availableAt: ledgerEntries.availableAt,
        amount: sql<string>`(-sum(${ledgerEntries.amount}))::text`,
      })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.sellerId, sellerId),
          eq(ledgerEntries.account, account),
          sql`${ledgerEntries.availableAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .groupBy(ledgerEntries.currency, ledgerEntries.availableAt)
      .orderBy(ledgerEntries.availableAt),
    db
      .select({
        currency: payouts.currency,
        status: payouts.status,
        amount: sql<string>`sum(${payouts.amount})::text`,
      })
      .from(payouts)
      .where(and(eq(payouts.sellerId, sellerId), inArray(payouts.status, [...ON_THE_WAY, 'paid'])))
      .groupBy(payouts.currency, payouts.status),
  ])
  const codes = [...new Set([...ledger.map((b) => b.currency), ...out.map((o) => o.currency)])]
  return codes.map((currency) => {
    const own = ledger.find((b) => b.currency === currency)
    const sum = (statuses: PayoutStatus[]) =>
      out
        .filter((o) => o.currency === currency && statuses.includes(o.status))
        .reduce((total, o) => total + Number(o.amount), 0)
    return {
      currency,
      available: own?.available ?? 0,
      held: own?.held ?? 0,
      // A refund taken from a held sale lowers that hold: parts that went to nothing are left out.
      holds: holds
        .filter((h) => h.currency === currency && Number(h.amount) > 0 && h.availableAt)
        .map((h) => ({ amount: Number(h.amount), availableAt: (h.availableAt as Date).toISOString() })),
      onTheWay: sum(ON_THE_WAY),
      paidOut: sum(['paid']),
    }
  })
}
