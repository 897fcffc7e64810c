import { and, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { PayoutMethod } from '../../../contract/accounts.contract'
import type { OrderStatus } from '../../../contract/checkout.constants'
import { type CurrencyCode, currencies, currencyForCountry } from '../../../contract/currencies'
import { TRANSACTIONS, TRANSACTIONS_FIELD } from '../../../contract/errors/transactions'
import { DEFAULT_LANG, type Lang } from '../../../contract/i18n'
import type {
  BuyerBooks,
  BuyerMovement,
  ListTransactionsInput,
  SellerBalance,
  SellerBooks,
  SellerMovement,
} from '../../../contract/transactions.contract'
import type { Db, DbOrTx } from '../../db/client'
import { ledgerEntries, orders, sellers } from '../../db/schema'
import type { UserRow } from '../../lib/caller'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { translate } from '../../lib/i18n'

/** The filters of a page of transactions, as the contract validated them (buyers ignore `currency`). */
export type TransactionFilters = Pick<
  ListTransactionsInput,
  'cursor' | 'from' | 'to' | 'kind' | 'method' | 'currency'
> & {
  limit: number
}

/** Orders that count as bought: the same statuses as listPurchases. */
const PURCHASED: OrderStatus[] = ['paid', 'refunding', 'refunded']

/** Days in the earnings chart, today (UTC) included. */
export const DAILY_DAYS = 30

const DAY_MS = 86_400_000

/** An instant as `to_char` writes it: milliseconds for people, microseconds for the cursor. */
const isoMs = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
const isoUs = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

type Row = Record<string, unknown>

async function rows(db: DbOrTx, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows
}

const num = (value: unknown) => Number(value ?? 0)
const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value))

/**
 * The page marker is the last movement shown: its instant to the microsecond (timestamps keep
 * microseconds, which a JavaScript date would lose) and its id, so paging by (at, id) never skips or
 * repeats a movement, even two at the same instant.
 */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f-]{36}:[a-z0-9]+)$/

function parseCursor(cursor: string | undefined): { at: string; id: string } | null {
  if (!cursor) return null
  const match = CURSOR.exec(cursor)
  if (!match?.[1] || !match[2])
    throw new AppError(400, TRANSACTIONS.pageMarkerNotValid, {
      fields: { cursor: TRANSACTIONS_FIELD.startAgain },
    })
  return { at: match[1], id: match[2] }
}

function nextCursor(shown: Row[], more: boolean): string | null {
  const last = shown.at(-1)
  return more && last ? `${String(last.at_key)}|${String(last.id)}` : null
}

/** `from` and `to` are whole days in UTC: from the start of `from` to the end of `to`. */
function period(filters: TransactionFilters) {
  return {
    start: filters.from ? `${filters.from}T00:00:00.000Z` : null,
    end: filters.to ? new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS).toISOString() : null,
  }
}

/** The movements the filters select; `m` is the movement, `method` its order's method. */
function filtersWhere(filters: TransactionFilters, method: SQL, withCursor: boolean): SQL {
  const { start, end } = period(filters)
  const cursor = withCursor ? parseCursor(filters.cursor) : null
  const conditions: SQL[] = [sql`true`]
  if (filters.kind) conditions.push(sql`m.kind = ${filters.kind}`)
  if (filters.method) conditions.push(sql`${method} = ${filters.method}`)
  if (start) conditions.push(sql`m.at >= ${start}::timestamptz`)
  if (end) conditions.push(sql`m.at < ${end}::timestamptz`)
  if (cursor)
    conditions.push(sql`(m.at, m.id collate "C") < (${cursor.at}::timestamptz, ${cursor.id} collate "C")`)
  return sql.join(conditions, sql` and `)
}

/**
 * What was bought, as a line: `Kanga T-shirt (M / Black) × 2`. A payout, or an order without a title, is
 * named in Soko's words, in the language of the one reading the list.
 */
function itemTitle(row: Row, lang: Lang): string {
  const title = textOrNull(row.item_title)
  const label = textOrNull(row.item_label)
  if (!title)
    return row.kind === 'payout'
      ? translate(lang, /*i18n*/ { id: 'transactions.title.payout', message: 'Payout' })
      : translate(
          lang,
          /*i18n*/ { id: 'transactions.title.order', message: 'Order {reference}' },
          {
            reference: String(row.reference ?? ''),
          },
        ).trim()
  const quantity = num(row.quantity)
  return `${title}${label && label !== title ? ` (${label})` : ''}${quantity > 1 ? ` × ${quantity}` : ''}`
}

/** A booking's time, when the movement is about one. */
function slotOf(row: Row): { start: string; end: string } | null {
  const slot = row.item_slot as { start?: unknown; end?: unknown } | null
  return slot && typeof slot.start === 'string' && typeof slot.end === 'string'
    ? { start: slot.start, end: slot.end }
    : null
}

/**
 * The currency a seller's books open in. Their entries are in their products' currency (a sale owes the
 * seller in the order's currency, whatever the buyer was charged in), so usually there is one. If there
 * are several, or none yet, the currency they are paid out in decides (sellerBalances has them all).
 */
export async function sellerCurrency(db: Db, sellerId: string): Promise<CurrencyCode> {
  const [used, [seller]] = await Promise.all([
    db
      .select({ currency: ledgerEntries.currency, n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.sellerId, sellerId), eq(ledgerEntries.account, `seller:${sellerId}`)))
      .groupBy(ledgerEntries.currency)
      .orderBy(sql`count(*) desc`, ledgerEntries.currency),
    db
      .select({ country: sellers.country, payoutMethod: sellers.payoutMethod })
      .from(sellers)
      .where(eq(sellers.userId, sellerId)),
  ])
  const codes = used.map((u) => u.currency)
  if (codes.length === 1 && codes[0]) return codes[0]
  const preferred = payoutCurrency(seller)
  return codes.length === 0 || codes.includes(preferred) ? preferred : (codes[0] ?? preferred)
}

function payoutCurrency(seller: { country: string; payoutMethod: PayoutMethod } | undefined) {
  const method = seller?.payoutMethod
  if (method?.kind === 'bank' && typeof method.currency === 'string' && method.currency in currencies)
    return method.currency
  if (method?.kind === 'mpesa') return 'KES'
  return currencyForCountry(seller?.country)
}

/**
 * A seller's movements in one currency, from the ledger, with the running balance over all of them.
 * Each transaction that touches `seller:{id}` gives its gross (a sale's total, a refund's minus the
 * total: the seller's entry and Soko's fee together) and, when Soko's fee moved in it, the fee (minus on a
 * sale, plus when a refund gives it back), so the balance after each transaction is exactly what the
 * ledger owes the seller. The CTE `movement` is every movement; `book` adds the balance.
 */
function sellerBook(sellerId: string, currency: string): SQL {
  const account = `seller:${sellerId}`
  return sql`
    with tx as (
      select t.id, t.kind, t.created_at, t.order_id, t.invoice_payment_id,
        sum(e.amount) as seller_amount,
        min(e.available_at) as available_at,
        coalesce((select sum(f.amount) from ledger_entries f
          where f.transaction_id = t.id and f.account = 'platform:fees' and f.currency = ${currency}), 0)
          as fee_amount
      from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id
      where e.seller_id = ${sellerId} and e.account = ${account} and e.currency = ${currency}
      group by t.id
    ),
    movement as (
      -- A payout that failed or came back is a payout movement with the money coming in.
      select id::text || ':1' as id, case kind when 'payout-back' then 'payout' when 'sms-fee' then 'sms' else kind end as kind,
        created_at as at, order_id, invoice_payment_id,
        -seller_amount - fee_amount as amount, available_at
      from tx
      union all
      select id::text || ':2', 'fee', created_at, order_id, invoice_payment_id, fee_amount, available_at
      from tx where fee_amount <> 0
    ),
    book as (
      select m.*, sum(m.amount) over (
        order by m.at, m.id collate "C" rows between unbounded preceding and current row) as balance
      from movement m
    )`
}

/**
 * What the ledger owes a seller in each currency their account has entries in, by currency code:
 * withdrawable now and still held. A refund comes out of its sale's hold while the sale is held.
 */
export async function sellerBalances(
  db: DbOrTx,
  sellerId: string,
  now = clock.now(),
): Promise<SellerBalance[]> {
  const account = `seller:${sellerId}`
  const at = now.toISOString()
  const found = await rows(
    db,
    sql`
      with part as (
        select e.currency, coalesce(e.available_at, s.available_at) as available_at, sum(e.amount) as amount
        from ledger_entries e
        join ledger_transactions t on t.id = e.transaction_id
        left join ledger_transactions st on st.order_id = t.order_id and st.kind = 'sale' and t.kind <> 'sale'
        left join ledger_entries s on s.transaction_id = st.id and s.account = e.account
          and s.currency = e.currency
        where e.seller_id = ${sellerId} and e.account = ${account}
        group by e.currency, t.order_id, 2
      )
      select currency,
        coalesce(-sum(amount) filter (where available_at is null or available_at <= ${at}::timestamptz), 0)::text
          as available,
        coalesce(-sum(amount) filter (where available_at > ${at}::timestamptz), 0)::text as held,
        ${isoMs(sql`(min(available_at) filter (where available_at > ${at}::timestamptz and amount <> 0))`)}
          as next_available_at
      from part
      group by currency
      order by currency collate "C"`,
  )
  return found.map((row) => ({
    currency: String(row.currency) as CurrencyCode,
    available: num(row.available),
    held: num(row.held),
    nextAvailableAt: textOrNull(row.next_available_at),
  }))
}

/**
 * A seller's books in one currency (the one asked for, else theirs): a page of movements, totals for the
 * filters, balances and the last 30 days; and the balance of every currency they have entries in.
 */
export async function sellerTransactions(
  db: Db,
  sellerId: string,
  filters: TransactionFilters,
  now = clock.now(),
  lang: Lang = DEFAULT_LANG,
): Promise<SellerBooks> {
  const [own, balances] = await Promise.all([sellerCurrency(db, sellerId), sellerBalances(db, sellerId, now)])
  const currency = filters.currency ?? own
  const book = sellerBook(sellerId, currency)
  // An invoice's payment stands where an order would: its method, its invoice's reference and number.
  const method = sql`coalesce(o.method, ip.method)`
  const today = Date.parse(now.toISOString().slice(0, 10))
  const firstDay = new Date(today - (DAILY_DAYS - 1) * DAY_MS)
  const [page, [totals], days] = await Promise.all([
    rows(
      db,
      sql`${book}
        select m.id, m.kind, m.order_id::text as order_id, ${isoMs(sql`m.at`)} as at, ${isoUs(sql`m.at`)} as at_key,
          m.amount::text as amount, m.balance::text as balance, ${isoMs(sql`m.available_at`)} as available_at,
          coalesce(o.reference, iv.reference) as reference, ${method} as method, o.quantity,
          coalesce(o.item->'bundle'->>'title', o.item->>'title', 'Invoice ' || coalesce(iv.number, iv.reference)) as item_title,
          case when o.item->'bundle' is not null then null else o.item->>'label' end as item_label, o.item->'slot' as item_slot,
          o.discount_code, o.discount::text as discount,
          (select -sum(f.amount) from ledger_transactions st join ledger_entries f on f.transaction_id = st.id
            where st.order_id = o.id and st.kind = 'sale' and f.account = 'platform:fees'
              and f.currency = ${currency})::text as sale_fee
        from book m left join orders o on o.id = m.order_id
          left join invoice_payments ip on ip.id = m.invoice_payment_id
          left join invoices iv on iv.id = ip.invoice_id
        where ${filtersWhere(filters, method, true)}
        order by m.at desc, m.id collate "C" desc
        limit ${filters.limit + 1}`,
    ),
    rows(
      db,
      sql`${book}
        select
          coalesce(sum(m.amount) filter (where m.kind = 'sale'), 0)::text as sales,
          coalesce(-sum(m.amount) filter (where m.kind in ('fee', 'sms')), 0)::text as fees,
          coalesce(-sum(m.amount) filter (where m.kind = 'refund'), 0)::text as refunds,
          coalesce(-sum(m.amount) filter (where m.kind = 'payout'), 0)::text as payouts,
          coalesce(sum(m.amount), 0)::text as net
        from book m left join orders o on o.id = m.order_id
          left join invoice_payments ip on ip.id = m.invoice_payment_id
        where ${filtersWhere(filters, method, false)}`,
    ),
    // Earnings, not withdrawals: payouts are left out of the chart.
    rows(
      db,
      sql`${book}
        select to_char(m.at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(m.amount)::text as net
        from movement m
        where m.kind <> 'payout' and m.at >= ${firstDay.toISOString()}::timestamptz
        group by 1`,
    ),
  ])
  const balance = balances.find((b) => b.currency === currency)
  const more = page.length > filters.limit
  const shown = page.slice(0, filters.limit)
  const netByDay = new Map(days.map((d) => [String(d.day), num(d.net)]))
  return {
    role: 'seller',
    currency,
    // Their own currency first: the one they think in.
    currencies: [
      ...balances.filter((b) => b.currency === own),
      ...balances.filter((b) => b.currency !== own),
    ],
    movements: shown.map(
      (row): SellerMovement => ({
        id: String(row.id),
        at: String(row.at),
        kind: row.kind as SellerMovement['kind'],
        orderId: textOrNull(row.order_id),
        reference: textOrNull(row.reference),
        title: itemTitle(row, lang),
        slot: slotOf(row),
        method: textOrNull(row.method) as SellerMovement['method'],
        amount: num(row.amount),
        currency,
        balance: num(row.balance),
        availableAt: textOrNull(row.available_at),
        discount:
          row.kind === 'sale' && textOrNull(row.discount_code)
            ? { code: String(row.discount_code), amount: num(row.discount), fee: num(row.sale_fee) }
            : null,
      }),
    ),
    nextCursor: nextCursor(shown, more),
    summary: {
      totals: {
        sales: num(totals?.sales),
        fees: num(totals?.fees),
        refunds: num(totals?.refunds),
        payouts: num(totals?.payouts),
        net: num(totals?.net),
      },
      available: balance?.available ?? 0,
      held: balance?.held ?? 0,
      nextAvailableAt: balance?.nextAvailableAt ?? null,
      daily: Array.from({ length: DAILY_DAYS }, (_, i) => {
        const day = new Date(firstDay.getTime() + i * DAY_MS).toISOString().slice(0, 10)
        return { day, net: netByDay.get(day) ?? 0 }
      }),
    },
  }
}

/**
 * A buyer's payments and refunds: their paid orders, as their purchases list them (an order placed
 * signed out only once the address is verified), in the currency they were charged. Free orders moved
 * no money and are left out.
 */
export async function buyerTransactions(
  db: Db,
  buyer: UserRow,
  filters: TransactionFilters,
  lang: Lang = DEFAULT_LANG,
): Promise<BuyerBooks> {
  const theirs = and(
    eq(orders.buyerId, buyer.id),
    inArray(orders.status, PURCHASED),
    buyer.emailVerifiedAt !== null ? undefined : eq(orders.guest, false),
    ne(orders.method, 'free'),
    gt(orders.chargeAmount, 0),
  )
  const columns = sql`id as order_id, reference, method, charge_currency as currency, status, quantity,
    coalesce(item->'bundle'->>'title', item->>'title') as item_title, case when item->'bundle' is not null then null else item->>'label' end as item_label, item->'slot' as item_slot`
  const refundColumns = sql`orders.id as order_id, orders.reference, orders.method,
    orders.charge_currency as currency, orders.status, orders.quantity,
    coalesce(orders.item->'bundle'->>'title', orders.item->>'title') as item_title,
    case when orders.item->'bundle' is not null then null else orders.item->>'label' end as item_label,
    orders.item->'slot' as item_slot`
  const page = await rows(
    db,
    sql`
      with movement as (
        select id::text || ':payment' as id, 'payment' as kind, paid_at as at, charge_amount as amount, ${columns}
        from orders where ${theirs} and paid_at is not null
        union all
        -- Each refund that went through: the whole order's, or some of its lines' (each for its share).
        select refunds.id::text || ':refund', 'refund', refunds.completed_at, -refunds.amount, ${refundColumns}
        from refunds join orders on orders.id = refunds.order_id
        where ${theirs} and refunds.status = 'succeeded'
      )
      select m.id, m.kind, ${isoMs(sql`m.at`)} as at, ${isoUs(sql`m.at`)} as at_key, m.amount::text as amount,
        m.order_id::text as order_id, m.reference, m.method, m.currency, m.status, m.quantity, m.item_title,
        m.item_label, m.item_slot
      from movement m
      where ${filtersWhere(filters, sql`m.method`, true)}
      order by m.at desc, m.id collate "C" desc
      limit ${filters.limit + 1}`,
  )
  const more = page.length > filters.limit
  const shown = page.slice(0, filters.limit)
  return {
    role: 'buyer',
    movements: shown.map(
      (row): BuyerMovement => ({
        id: String(row.id),
        at: String(row.at),
        kind: row.kind as BuyerMovement['kind'],
        orderId: String(row.order_id),
        reference: String(row.reference),
        title: itemTitle(row, lang),
        slot: slotOf(row),
        method: String(row.method) as BuyerMovement['method'],
        amount: num(row.amount),
        currency: String(row.currency) as BuyerMovement['currency'],
        status: row.status as BuyerMovement['status'],
      }),
    ),
    nextCursor: nextCursor(shown, more),
  }
}
