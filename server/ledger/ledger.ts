import { sql } from 'drizzle-orm'
import type { CurrencyCode } from '../../contract/currencies'
import type { Db, DbOrTx } from '../db/client'
import type { LedgerTransactionKind } from '../db/columns.types'
import { ledgerEntries, ledgerTransactions } from '../db/schema'
import { uuidv7 } from '../lib/uuid'

/**
 * The double-entry ledger: every movement of money is one transaction of entries that sum to zero in each
 * currency. This module is its only writer, and refuses a transaction that does not balance before
 * anything is written. Balances are sums of entries, never stored counters.
 *
 * Accounts are names: `provider:{method}` (money a provider holds for us), `platform:fees`,
 * `platform:rounding`, `fx` (conversions between currencies), `seller:{id}` (what Soko owes a seller),
 * `payer:{invoice payment}` (money an invoice's payer is owed back, or the seller has yet to keep).
 */

/**
 * What a ledger transaction records: a sale, its refund, a payout's three moments — asked (`payout`: the
 * seller's money set aside), sent (`payout-sent`: it left the provider's account), back (`payout-back`: it
 * failed or was returned, and the seller has it again) — and an invoice payment's excess that the seller
 * kept as a payment (`excess-kept`: from the payer's account to the seller and Soko's fee).
 */
export type LedgerKind = LedgerTransactionKind

export interface Entry {
  account: string
  /** Set on a seller's own account, so a seller's books are one indexed read. */
  sellerId?: string
  /** Minor units; a debit is positive, a credit negative. */
  amount: number
  currency: CurrencyCode
  /** A seller's earnings can be withdrawn from this instant. */
  availableAt?: Date
}

/** Each currency's sum of these entries: all zero when they balance. */
export function imbalance(entries: Entry[]): Record<string, number> {
  const sums = new Map<string, number>()
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amount)) throw new Error(`ledger amount ${e.amount} is not a whole number`)
    sums.set(e.currency, (sums.get(e.currency) ?? 0) + e.amount)
  }
  return Object.fromEntries([...sums].filter(([, sum]) => sum !== 0))
}

/**
 * Writes one balanced transaction of an order, a payout or an invoice's payment; the unique (order, kind),
 * (payout, kind), (invoice payment, kind) and (refund) indexes make a second sale, refund or payout step fail.
 */
export async function postTransaction(
  tx: DbOrTx,
  opts: { kind: LedgerKind; memo: string; entries: Entry[] } & (
    | { orderId: string; refundId?: string; payoutId?: never; invoicePaymentId?: never }
    | { payoutId: string; orderId?: never; refundId?: never; invoicePaymentId?: never }
    | { invoicePaymentId: string; orderId?: never; refundId?: never; payoutId?: never }
  ),
): Promise<string> {
  const [off] = Object.entries(imbalance(opts.entries))
  const of = opts.orderId
    ? `order ${opts.orderId}`
    : opts.payoutId
      ? `payout ${opts.payoutId}`
      : `invoice payment ${opts.invoicePaymentId}`
  if (off) throw new Error(`unbalanced ${opts.kind} for ${of}: ${off[0]} ${off[1]}`)
  const id = uuidv7()
  await tx.insert(ledgerTransactions).values({
    id,
    kind: opts.kind,
    orderId: opts.orderId ?? null,
    payoutId: opts.payoutId ?? null,
    invoicePaymentId: opts.invoicePaymentId ?? null,
    refundId: opts.refundId ?? null,
    memo: opts.memo,
  })
  const entries = opts.entries.filter((e) => e.amount !== 0)
  if (entries.length > 0)
    await tx.insert(ledgerEntries).values(
      entries.map((e) => ({
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
