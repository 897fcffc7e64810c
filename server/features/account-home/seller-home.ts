import { and, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm'
import type {
  HomeBalance,
  HomeNextPayout,
  HomeSales,
  SellerHome,
} from '../../../contract/account-home.contract'
import { type CurrencyCode, currencyForCountry } from '../../../contract/currencies'
import { PAYPAL_PAYOUT_CURRENCIES, railStep } from '../../../contract/payouts.constants'
import { payoutMethods, payoutSchedules, payouts } from '../../db/schema'
import type { UserRow } from '../../lib/caller'
import type { AppServices } from '../../services'
import { methodLabel, nextRun, takes } from '../payouts'
import { sellerBalances } from '../transactions'
import { type HomePeriods, homePeriods } from './periods'
import { homeOrder, num, orderColumns, type Row, rows, text } from './rows'
import { FAILED_PAYOUT_DAYS, needRows, needsOf } from './seller-needs'

export type HomeServices = Pick<AppServices, 'db' | 'terms'>

/** The latest orders the dashboard lists. */
const LATEST = 5

/**
 * Sales in each currency from the first of last month: each sale's gross (what the seller's entry and
 * Soko's fee on it add up to, as the books call a sale), summed over today, this month and the same days of
 * last month. One read of the seller's own ledger entries (`ledger_entries_seller_idx`).
 */
async function salesFigures(deps: HomeServices, sellerId: string, periods: HomePeriods, now: Date) {
  const account = `seller:${sellerId}`
  const between = (from: Date, to: Date) =>
    sql`g.at >= ${from.toISOString()}::timestamptz and g.at < ${to.toISOString()}::timestamptz`
  const figure = (name: string, when: ReturnType<typeof between>) => sql`
    count(*) filter (where ${when}) as ${sql.identifier(`${name}_n`)},
    coalesce(sum(g.amount) filter (where ${when}), 0)::text as ${sql.identifier(name)}`
  const found = await rows(
    deps.db,
    sql`
      with sale as (
        select t.id, t.created_at as at, e.currency, sum(e.amount) as seller_amount
        from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where e.seller_id = ${sellerId} and e.account = ${account} and t.kind = 'sale'
          -- An entry is written just after its transaction: this bounds the index scan to recent entries.
          and e.created_at >= ${periods.lastMonthStart.toISOString()}::timestamptz - interval '1 day'
          and t.created_at >= ${periods.lastMonthStart.toISOString()}::timestamptz
          and t.created_at <= ${now.toISOString()}::timestamptz
        group by t.id, t.created_at, e.currency
      ),
      g as (
        select s.at, s.currency, -s.seller_amount - coalesce((select sum(f.amount) from ledger_entries f
          where f.transaction_id = s.id and f.account = 'platform:fees' and f.currency = s.currency), 0) as amount
        from sale s
      )
      select g.currency,
        ${figure('today', between(periods.todayStart, periods.tomorrowStart))},
        ${figure('month', between(periods.monthStart, periods.tomorrowStart))},
        ${figure('last', between(periods.lastMonthStart, periods.lastMonthEnd))}
      from g
      group by g.currency`,
  )
  return found.map(
    (row): HomeSales => ({
      currency: text(row.currency) as CurrencyCode,
      today: { amount: num(row.today), count: num(row.today_n) },
      month: { amount: num(row.month), count: num(row.month_n) },
      lastMonth: { amount: num(row.last), count: num(row.last_n) },
    }),
  )
}

/** The seller's storefront, and how many products are on it. */
async function storefrontOf(deps: HomeServices, sellerId: string): Promise<Row | undefined> {
  const [row] = await rows(
    deps.db,
    sql`select s.handle, s.display_name, s.country,
        (select count(*) from products p where p.seller_id = s.user_id and p.status = 'published')::int
          as products
      from sellers s where s.user_id = ${sellerId}`,
  )
  return row
}

async function latestOrders(deps: HomeServices, sellerId: string) {
  return rows(
    deps.db,
    sql`select ${orderColumns}, o.total::text as amount, o.currency, u.name as party
      from orders o join users u on u.id = o.buyer_id
      where o.seller_id = ${sellerId} and o.status in ('paid', 'refunding', 'refunded')
      order by o.created_at desc, o.id desc
      limit ${LATEST}`,
  )
}

/** Payouts the home page speaks of: waiting for approval or their run, and lately failed or returned. */
async function payoutsOfNote(deps: HomeServices, sellerId: string, now: Date) {
  return deps.db
    .select({
      id: payouts.id,
      status: payouts.status,
      amount: payouts.amount,
      fee: payouts.fee,
      currency: payouts.currency,
      destination: payouts.destination,
      dueAt: payouts.dueAt,
      updatedAt: payouts.updatedAt,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .where(
      and(
        eq(payouts.sellerId, sellerId),
        or(
          inArray(payouts.status, ['approval', 'scheduled']),
          and(
            inArray(payouts.status, ['failed', 'returned']),
            gte(payouts.updatedAt, new Date(now.getTime() - FAILED_PAYOUT_DAYS * 86_400_000)),
          ),
        ),
      ),
    )
    .orderBy(desc(payouts.createdAt))
    .limit(20)
}

type Payouts = Awaited<ReturnType<typeof payoutsOfNote>>
type Methods = (typeof payoutMethods.$inferSelect)[]
type Schedule = typeof payoutSchedules.$inferSelect | undefined

/**
 * When money next goes out, how much and where: a standard payout already asked for, else the schedule's
 * next run with what it would send from the balance now (as the run reckons it: up to the most one payout
 * may be, in what the rail can send).
 */
async function nextPayout(
  deps: HomeServices,
  found: { payouts: Payouts; methods: Methods; schedule: Schedule; balances: HomeBalance[] },
  timeZone: string,
  now: Date,
): Promise<HomeNextPayout | null> {
  const requested = found.payouts
    .filter((p) => p.status === 'scheduled' && p.dueAt)
    .sort((a, b) => (a.dueAt?.getTime() ?? 0) - (b.dueAt?.getTime() ?? 0))[0]
  if (requested?.dueAt)
    return {
      source: 'requested',
      at: requested.dueAt.toISOString(),
      amount: requested.amount - requested.fee,
      currency: requested.currency,
      destination: methodLabel(requested.destination),
      minimum: 0,
    }
  const { schedule } = found
  const method = found.methods.find((m) => m.id === schedule?.methodId)
  if (!schedule || !method || schedule.frequency === 'manual') return null
  const at = nextRun(schedule, timeZone, now)
  if (!at) return null
  // PayPal takes several currencies: the one with the most to send.
  const currency =
    method.currency ??
    [...found.balances].filter((b) => takes(method, b.currency)).sort((a, b) => b.available - a.available)[0]
      ?.currency ??
    PAYPAL_PAYOUT_CURRENCIES[0]
  const terms = await deps.terms.get()
  const available = found.balances.find((b) => b.currency === currency)?.available ?? 0
  const most = Math.max(0, Math.min(available, terms.payoutMaximum[currency]))
  return {
    source: 'schedule',
    at: at.toISOString(),
    amount: most - (most % railStep(method.rail)),
    currency,
    destination: methodLabel(method.details),
    minimum: Math.max(schedule.minimum, terms.payoutMinimum[currency]),
  }
}

/**
 * A seller's dashboard, as of `now` in their zone. About ten small reads, each by the seller's id on an
 * index, run together. Null when the account has the role but no storefront (it then gets the buyer's).
 */
export async function sellerHome(
  deps: HomeServices,
  seller: UserRow,
  timeZone: string,
  now: Date,
): Promise<SellerHome | null> {
  const periods = homePeriods(now, timeZone)
  const { db } = deps
  const [storefront, balances, sales, orders, payoutRows, methods, [schedule], found] = await Promise.all([
    storefrontOf(deps, seller.id),
    sellerBalances(db, seller.id, now),
    salesFigures(deps, seller.id, periods, now),
    latestOrders(deps, seller.id),
    payoutsOfNote(deps, seller.id, now),
    db
      .select()
      .from(payoutMethods)
      .where(and(eq(payoutMethods.sellerId, seller.id), isNull(payoutMethods.removedAt)))
      .orderBy(payoutMethods.createdAt),
    db.select().from(payoutSchedules).where(eq(payoutSchedules.sellerId, seller.id)),
    needRows(db, seller.id, periods, now),
  ])
  if (!storefront) return null
  // The currency they sell most in first (this month and last), then their country's, then by code.
  const own = currencyForCountry(text(storefront.country))
  const sold = (currency: string) => {
    const s = sales.find((x) => x.currency === currency)
    return s ? s.month.count + s.lastMonth.count : 0
  }
  const rank = (a: { currency: string }, b: { currency: string }) =>
    sold(b.currency) - sold(a.currency) ||
    Number(b.currency === own) - Number(a.currency === own) ||
    (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0)
  const homeBalances = balances.map((b): HomeBalance => ({ ...b })).sort(rank)
  return {
    role: 'seller',
    timeZone,
    asOf: now.toISOString(),
    storefront: { handle: text(storefront.handle), displayName: text(storefront.display_name) },
    balances: homeBalances,
    sales: sales.sort(rank),
    nextPayout: await nextPayout(
      deps,
      { payouts: payoutRows, methods, schedule, balances: homeBalances },
      timeZone,
      now,
    ),
    needs: needsOf(found, payoutRows, methods, periods, now),
    latestOrders: orders.map(homeOrder),
    setup: {
      products: num(storefront.products),
      destinations: methods.length,
      sold: balances.length > 0,
    },
  }
}
