import { sql } from 'drizzle-orm'
import { PAYOUT_HOLD_DAYS, SALE_FEE_BPS } from '../../../contract/platform'
import type { Db } from '../../db/client'
import { ledgerEntries, ledgerTransactions, type orders } from '../../db/schema'
import { uuidv7 } from '../../lib/uuid'

type OrderRow = typeof orders.$inferSelect

/** A transaction in progress (Drizzle's tx has the same query methods as the database). */
type Tx = Pick<Db, 'insert' | 'select'>

interface Entry {
  account: string
  sellerId?: string
  amount: number
  currency: string
  availableAt?: Date
}

/** Soko's fee on a sale, rounded half up to a minor unit. */
export function saleFee(total: number): number {
  return Math.floor((total * SALE_FEE_BPS + 5_000) / 10_000)
}

/**
 * The entries of a paid order: the provider holds what the buyer paid (`provider:{method}`), Soko keeps
 * its fee (`platform:fees`), and owes the seller the rest (`seller:{id}`), withdrawable after the hold.
 * When the method charged another currency, `fx` converts: it takes the charge in one currency and gives
 * the total in the other, so each currency sums to zero. M-Pesa's rounding up to whole shillings lands in
 * `platform:rounding`.
 */
export function saleEntries(order: OrderRow, paidAt: Date): Entry[] {
  const fee = saleFee(order.total)
  const availableAt = new Date(paidAt.getTime() + PAYOUT_HOLD_DAYS * 24 * 60 * 60 * 1000)
  const entries: Entry[] = [
    { account: `provider:${order.method}`, amount: order.chargeAmount, currency: order.chargeCurrency },
    { account: 'platform:fees', amount: -fee, currency: order.currency },
    {
      account: `seller:${order.sellerId}`,
      sellerId: order.sellerId,
      amount: -(order.total - fee),
      currency: order.currency,
      availableAt,
    },
  ]
  if (order.chargeCurrency !== order.currency)
    entries.push(
      { account: 'fx', amount: -order.chargeAmount, currency: order.chargeCurrency },
      { account: 'fx', amount: order.total, currency: order.currency },
    )
  else if (order.chargeAmount !== order.total)
    entries.push({
      account: 'platform:rounding',
      amount: order.total - order.chargeAmount,
      currency: order.currency,
    })
  return entries.filter((e) => e.amount !== 0)
}

/** Writes one balanced transaction; the unique (order, kind) index makes a second sale or refund fail. */
export async function postTransaction(
  tx: Tx,
  opts: { kind: 'sale' | 'refund'; orderId: string; memo: string; entries: Entry[] },
): Promise<string> {
  const sums = new Map<string, number>()
  for (const e of opts.entries) sums.set(e.currency, (sums.get(e.currency) ?? 0) + e.amount)
  for (const [currency, sum] of sums)
    if (sum !== 0) throw new Error(`unbalanced ${opts.kind} for order ${opts.orderId}: ${currency} ${sum}`)
  const id = uuidv7()
  await tx.insert(ledgerTransactions).values({ id, kind: opts.kind, orderId: opts.orderId, memo: opts.memo })
  if (opts.entries.length > 0)
    await tx.insert(ledgerEntries).values(
      opts.entries.map((e) => ({
        id: uuidv7(),
        transactionId: id,
        account: e.account,
        sellerId: e.sellerId ?? null,
        amount: e.amount,
        currency: e.currency,
        availableAt: e.availableAt ?? null,
      })),
    )
  return id
}

/** The sale's entries turned around: the buyer's money goes back, and with it the fee and the earnings. */
export function refundEntries(order: OrderRow, paidAt: Date): Entry[] {
  return saleEntries(order, paidAt).map((e) => ({ ...e, amount: -e.amount, availableAt: undefined }))
}

/** Each currency's sum over the whole ledger: all zero when the books balance. */
export async function ledgerImbalance(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ currency: ledgerEntries.currency, total: sql<string>`sum(${ledgerEntries.amount})::text` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.currency)
  return Object.fromEntries(
    rows.filter((r) => Number(r.total) !== 0).map((r) => [r.currency, Number(r.total)]),
  )
}
