import { type SQL, sql } from 'drizzle-orm'
import type { HomeOrder } from '../../../contract/account-home.contract'
import type { CurrencyCode } from '../../../contract/currencies'
import type { DbOrTx } from '../../db/client'

/** A row as raw SQL answers it: sums as text (they may pass 2^53 in SQL), instants as ISO text. */
export type Row = Record<string, unknown>

export async function rows(db: DbOrTx, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows
}

/** An instant as ISO text with milliseconds, the same on PGlite and PostgreSQL. */
export const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

export const num = (value: unknown) => Number(value ?? 0)
export const text = (value: unknown) => (value === null || value === undefined ? '' : String(value))
export const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value))

/** An instant kept as text in JSON (an event's start, a booked time), written the one way. */
export function instant(value: unknown): string {
  const at = new Date(String(value))
  return Number.isNaN(at.getTime()) ? String(value) : at.toISOString()
}

/** What was bought, as a line: `Kanga T-shirt (M / Black) × 2`. */
export function itemTitle(row: Row): string {
  const title = text(row.item_title)
  const label = textOrNull(row.item_label)
  const quantity = num(row.quantity)
  return `${title}${label && label !== title ? ` (${label})` : ''}${quantity > 1 ? ` × ${quantity}` : ''}`
}

/** The columns of an order that a home list shows, from `o` (orders); `party` is the caller's to add. */
export const orderColumns = sql`o.id::text as id, o.reference, o.kind, o.status, o.quantity,
  coalesce(o.item->'bundle'->>'title', o.item->>'title') as item_title,
  case when o.item->'bundle' is not null then null else o.item->>'label' end as item_label,
  ${iso(sql`coalesce(o.paid_at, o.created_at)`)} as at`

/** An order of `orderColumns` with its `amount`, `currency` and `party`. */
export function homeOrder(row: Row): HomeOrder {
  return {
    id: text(row.id),
    reference: text(row.reference),
    kind: row.kind as HomeOrder['kind'],
    title: itemTitle(row),
    at: text(row.at),
    amount: num(row.amount),
    currency: text(row.currency) as CurrencyCode,
    status: row.status as HomeOrder['status'],
    party: text(row.party),
  }
}
