import { and, count, eq, gte, inArray, sql } from 'drizzle-orm'
import type { SubjectOutput } from '../../../contract'
import type { CurrencyCode } from '../../../contract/currencies'
import type { Db } from '../../db/client'
import {
  contactMessages,
  invoicePayments,
  ledgerEntries,
  ledgerTransactions,
  orders,
  payouts,
  productReports,
  refunds,
  sellers,
  sellerVerifications,
} from '../../db/schema'
import { clock } from '../../lib/clock'

const DAY_MS = 86_400_000
/** Soko's day starts at midnight in Nairobi (UTC+3 all year), where most of its people are. */
const NAIROBI_OFFSET_MS = 3 * 3_600_000

/** The start of today in Nairobi, and of the 7 and 30 days that end today. */
export function periodStarts(now: Date): { days: number; from: Date }[] {
  const local = now.getTime() + NAIROBI_OFFSET_MS
  const today = local - (local % DAY_MS) - NAIROBI_OFFSET_MS
  return [1, 7, 30].map((days) => ({ days, from: new Date(today - (days - 1) * DAY_MS) }))
}

type Money = { amount: number; currency: CurrencyCode }

const byCurrency = (rows: { currency: string; amount: string | number | null }[]): Money[] =>
  rows
    .map((r) => ({ currency: r.currency as CurrencyCode, amount: Number(r.amount ?? 0) }))
    .filter((m) => m.amount !== 0)
    .sort((a, b) => a.currency.localeCompare(b.currency))

async function period(db: Db, days: number, from: Date) {
  const sum = sql<string>`coalesce(sum(${orders.total}), 0)::text`
  const [orderSales, invoiceSales, fees, refunded, [placed]] = await Promise.all([
    db
      .select({ currency: orders.currency, amount: sum })
      .from(orders)
      .where(and(gte(orders.paidAt, from), inArray(orders.status, ['paid', 'refunding', 'refunded'])))
      .groupBy(orders.currency),
    db
      .select({
        currency: invoicePayments.currency,
        amount: sql<string>`coalesce(sum(${invoicePayments.amount}), 0)::text`,
      })
      .from(invoicePayments)
      .where(
        and(
          gte(invoicePayments.paidAt, from),
          eq(invoicePayments.status, 'paid'),
          inArray(invoicePayments.method, ['mpesa', 'card', 'paypal']),
        ),
      )
      .groupBy(invoicePayments.currency),
    // What Soko kept: the fee account, less the fees of refunds in the same days.
    db
      .select({
        currency: ledgerEntries.currency,
        amount: sql<string>`(-coalesce(sum(${ledgerEntries.amount}), 0))::text`,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerEntries.account, 'platform:fees'), gte(ledgerTransactions.createdAt, from)))
      .groupBy(ledgerEntries.currency),
    db
      .select({ currency: refunds.currency, amount: sql<string>`coalesce(sum(${refunds.amount}), 0)::text` })
      .from(refunds)
      .where(and(eq(refunds.status, 'succeeded'), gte(refunds.completedAt, from)))
      .groupBy(refunds.currency),
    db
      .select({ n: count() })
      .from(orders)
      .where(and(gte(orders.paidAt, from), inArray(orders.status, ['paid', 'refunding', 'refunded']))),
  ])
  const sales = new Map<string, number>()
  for (const row of [...orderSales, ...invoiceSales])
    sales.set(row.currency, (sales.get(row.currency) ?? 0) + Number(row.amount))
  return {
    days,
    sales: byCurrency([...sales].map(([currency, amount]) => ({ currency, amount }))),
    fees: byCurrency(fees),
    refunds: byCurrency(refunded),
    orders: placed?.n ?? 0,
  }
}

/** The figures of the admin's first page. */
export async function dashboard(db: Db, now = clock.now()): Promise<SubjectOutput<'getAdminDashboard'>> {
  const week = new Date(now.getTime() - 7 * DAY_MS)
  const month = new Date(now.getTime() - 30 * DAY_MS)
  const periods = await Promise.all(periodStarts(now).map(({ days, from }) => period(db, days, from)))
  const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0
  const [approval, bank, failed, failing, weekSellers, monthSellers, openReviews, openReports, messages] =
    await Promise.all([
      countOf(db.select({ n: count() }).from(payouts).where(eq(payouts.status, 'approval'))),
      countOf(
        db
          .select({ n: count() })
          .from(payouts)
          .where(and(eq(payouts.rail, 'bank'), eq(payouts.status, 'processing'))),
      ),
      countOf(
        db
          .select({ n: count() })
          .from(payouts)
          .where(and(inArray(payouts.status, ['failed', 'returned']), gte(payouts.updatedAt, month))),
      ),
      db
        .select({
          method: orders.method,
          code: sql<string>`coalesce(${orders.failure}->>'code', ${orders.status})`,
          reason: sql<string>`coalesce(${orders.failure}->>'message', ${orders.status})`,
          count: sql<number>`count(*)::int`,
        })
        .from(orders)
        .where(and(inArray(orders.status, ['failed', 'cancelled', 'expired']), gte(orders.createdAt, week)))
        .groupBy(orders.method, sql`2`, sql`3`)
        .orderBy(sql`4 desc`)
        .limit(10),
      countOf(db.select({ n: count() }).from(sellers).where(gte(sellers.createdAt, week))),
      countOf(db.select({ n: count() }).from(sellers).where(gte(sellers.createdAt, month))),
      countOf(
        db.select({ n: count() }).from(sellerVerifications).where(eq(sellerVerifications.status, 'pending')),
      ),
      countOf(db.select({ n: count() }).from(productReports).where(eq(productReports.status, 'open'))),
      countOf(db.select({ n: count() }).from(contactMessages).where(gte(contactMessages.createdAt, week))),
    ])
  return {
    periods,
    payouts: { approval, bank, failed },
    failingPayments: failing,
    newSellers: { week: weekSellers, month: monthSellers },
    openReviews,
    openReports,
    contactMessages: messages,
  }
}
