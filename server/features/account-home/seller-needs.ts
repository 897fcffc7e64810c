import { sql } from 'drizzle-orm'
import type { HomeNeed, NeedKind } from '../../../contract/account-home.contract'
import type { CurrencyCode } from '../../../contract/currencies'
import type { DbOrTx } from '../../db/client'
import type { payoutMethods, payouts } from '../../db/schema'
import { methodLabel, payoutLabel } from '../payouts'
import type { HomePeriods } from './periods'
import { instant, num, type Row, rows, text } from './rows'

/** At most this many of each kind: the page links to the full lists. */
const EACH = 5

/** A failed or returned payout needs the seller (a destination to fix, money to send again) this long. */
export const FAILED_PAYOUT_DAYS = 14

/** An event without an end is at its door this long after its start. */
const DOOR_HOURS = 12

type PayoutRow = Pick<
  typeof payouts.$inferSelect,
  'id' | 'status' | 'amount' | 'currency' | 'destination' | 'updatedAt' | 'createdAt'
>
type MethodRow = Pick<typeof payoutMethods.$inferSelect, 'id' | 'details' | 'usableFrom'>

/**
 * What the seller's tables hold that needs them this week, three indexed reads by seller: unpaid invoices
 * due by the end of the week (or overdue), bookings still to come today, and events whose door opens this
 * week (or is open).
 */
export async function needRows(db: DbOrTx, sellerId: string, periods: HomePeriods, now: Date) {
  const at = now.toISOString()
  const start = sql`(p.details->>'startsAt')::timestamptz`
  const slot = (end: 'start' | 'end') => sql`(o.item->'slot'->>${end})::timestamptz`
  const [invoices, bookings, events] = await Promise.all([
    rows(
      db,
      sql`select id::text as id, coalesce(number, reference) as number, client_name,
          to_char(due_date, 'YYYY-MM-DD') as due_date, (total - paid)::text as due, currency
        from invoices
        where seller_id = ${sellerId} and status in ('sent', 'viewed', 'partially_paid', 'overdue')
          and due_date <= ${periods.weekLast}::date
        order by due_date, created_at
        limit ${EACH * 2}`,
    ),
    rows(
      db,
      sql`select o.id::text as id, o.item->>'title' as title, o.item->'slot'->>'start' as start,
          u.name as buyer
        from orders o join users u on u.id = o.buyer_id
        where o.seller_id = ${sellerId} and o.kind = 'service' and o.status = 'paid' and o.item ? 'slot'
          and ${slot('start')} < ${periods.tomorrowStart.toISOString()}::timestamptz
          and ${slot('end')} >= ${at}::timestamptz
        order by ${slot('start')}, o.id
        limit ${EACH}`,
    ),
    rows(
      db,
      sql`select p.id::text as id, p.title, p.details->>'startsAt' as start
        from products p
        where p.seller_id = ${sellerId} and p.kind = 'event' and p.status = 'published'
          and ${start} < ${periods.weekEnd.toISOString()}::timestamptz
          and coalesce((p.details->>'endsAt')::timestamptz, ${start} + make_interval(hours => ${DOOR_HOURS}))
            >= ${at}::timestamptz
        order by ${start}, p.id
        limit ${EACH}`,
    ),
  ])
  return { invoices, bookings, events }
}

/** Overdue invoices first, then what is at hand today, what is due this week, and money out. */
const ORDER: NeedKind[] = [
  'invoice-overdue',
  'booking-today',
  'event-door',
  'invoice-due',
  'payout-failed',
  'payout-approval',
  'destination-waiting',
]

const blank = { at: null, dueDate: null, amount: null, currency: null }

/** The list "needs you": each kind soonest first, the kinds in ORDER. */
export function needsOf(
  found: Awaited<ReturnType<typeof needRows>>,
  payoutRows: PayoutRow[],
  methods: MethodRow[],
  periods: HomePeriods,
  now: Date,
): HomeNeed[] {
  const failedSince = now.getTime() - FAILED_PAYOUT_DAYS * 86_400_000
  const needs: HomeNeed[] = [
    ...found.invoices.map(
      (row: Row): HomeNeed => ({
        ...blank,
        kind: text(row.due_date) < periods.today ? 'invoice-overdue' : 'invoice-due',
        id: text(row.id),
        title: `${text(row.number)} · ${text(row.client_name)}`,
        dueDate: text(row.due_date),
        amount: num(row.due),
        currency: text(row.currency) as CurrencyCode,
      }),
    ),
    ...found.bookings.map(
      (row: Row): HomeNeed => ({
        ...blank,
        kind: 'booking-today',
        id: text(row.id),
        title: row.buyer ? `${text(row.title)} · ${text(row.buyer)}` : text(row.title),
        at: instant(row.start),
      }),
    ),
    ...found.events.map(
      (row: Row): HomeNeed => ({
        ...blank,
        kind: 'event-door',
        id: text(row.id),
        title: text(row.title),
        at: instant(row.start),
      }),
    ),
    ...payoutRows
      .filter(
        (p) =>
          p.status === 'approval' ||
          ((p.status === 'failed' || p.status === 'returned') && p.updatedAt.getTime() >= failedSince),
      )
      .map(
        (p): HomeNeed => ({
          ...blank,
          kind: p.status === 'approval' ? 'payout-approval' : 'payout-failed',
          id: p.id,
          title: payoutLabel(p),
          at: (p.status === 'approval' ? p.createdAt : p.updatedAt).toISOString(),
        }),
      ),
    ...methods
      .filter((m) => m.usableFrom > now)
      .map(
        (m): HomeNeed => ({
          ...blank,
          kind: 'destination-waiting',
          id: m.id,
          title: methodLabel(m.details),
          at: m.usableFrom.toISOString(),
        }),
      ),
  ]
  // Stable: within a kind, the order the reads gave (soonest first).
  return needs
    .map((need, i) => ({ need, i }))
    .sort((a, b) => ORDER.indexOf(a.need.kind) - ORDER.indexOf(b.need.kind) || a.i - b.i)
    .map(({ need }) => need)
}
