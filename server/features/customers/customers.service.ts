import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { type CurrencyCode, currencyForCountry } from '../../../contract/currencies'
import type { CustomerSummary, customersContract } from '../../../contract/customers.contract'
import { CHECKOUT, CHECKOUT_FIELD } from '../../../contract/errors/checkout'
import { CUSTOMERS } from '../../../contract/errors/customers'
import type { InvoiceStatus } from '../../../contract/invoices.constants'
import type { DbOrTx } from '../../db/client'
import { customerNotes, sellers } from '../../db/schema'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { containing } from '../../lib/like'
import { isInstant } from '../../lib/validation'

/**
 * A seller's clients, from what they did with that seller: paid orders (what was spent, in the order's
 * currency) and sent invoices (what was paid on them). One person is one key: their e-mail, lower-cased; a
 * client known only by phone takes the e-mail another of their records gives that phone, else the phone.
 */

type Row = Record<string, unknown>
type ListInput = z.output<(typeof customersContract)['listCustomers']['input']>

async function rows(db: DbOrTx, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows
}

const iso = (value: unknown) => (value ? new Date(String(value)).toISOString() : null)

/** Every record of the seller's with a person in it, keyed. `s` rows: kind, id, key, name, email, phone… */
function keyed(sellerId: string): SQL {
  return sql`
    src as (
      select 'order' as kind, o.id, lower(o.buyer_email) as email,
        nullif(coalesce(o.payment->>'payerPhone', o.payment->>'phone'), '') as phone,
        u.name as name, o.total as amount, o.currency, coalesce(o.paid_at, o.created_at) as at,
        o.status as status, o.status = 'paid' as counts, o.product_id
      from orders o join users u on u.id = o.buyer_id
      where o.seller_id = ${sellerId} and o.status in ('paid', 'refunding', 'refunded')
      union all
      select 'invoice', i.id, lower(i.client_email), i.client_phone, i.client_name, least(i.paid, i.total),
        i.currency, coalesce(i.paid_at, i.sent_at), i.status, i.paid > 0, null::uuid
      from invoices i
      where i.seller_id = ${sellerId} and i.sent_at is not null and i.voided_at is null
    ),
    phones as (
      select distinct on (phone) phone, email from src
      where phone is not null and email is not null order by phone, at desc
    ),
    s as (
      select coalesce('e:' || src.email, 'e:' || phones.email, 'p:' || src.phone) as key, src.*
      from src left join phones on src.email is null and phones.phone = src.phone
    )`
}

/** One row per client: names and contacts from their latest record, spent per currency, counts, dates. */
const SUMMARY = sql`
  people as (
    select key,
      (array_agg(name order by at desc))[1] as name,
      (array_agg(email order by at desc) filter (where email is not null))[1] as email,
      (array_agg(phone order by at desc) filter (where phone is not null))[1] as phone,
      count(*) filter (where counts) as purchases,
      min(at) filter (where counts) as first_at,
      max(at) filter (where counts) as last_at,
      max(at) as seen_at
    from s group by key
  ),
  spent as (
    select key, currency, sum(amount) filter (where counts) as amount from s group by key, currency
  )`

function summaryOf(row: Row): CustomerSummary {
  const spent = ((row.spent as { currency: CurrencyCode; amount: number | string }[] | null) ?? [])
    .map((m) => ({ currency: m.currency, amount: Number(m.amount) }))
    .filter((m) => m.amount > 0)
  return {
    key: String(row.key),
    name: String(row.name ?? ''),
    email: row.email ? String(row.email) : null,
    phone: row.phone ? String(row.phone) : null,
    spent,
    purchases: Number(row.purchases ?? 0),
    firstAt: iso(row.first_at),
    lastAt: iso(row.last_at),
  }
}

async function ownCurrency(db: DbOrTx, sellerId: string): Promise<CurrencyCode> {
  const [seller] = await db
    .select({ country: sellers.country })
    .from(sellers)
    .where(eq(sellers.userId, sellerId))
  return currencyForCountry(seller?.country)
}

export async function listCustomers(db: DbOrTx, sellerId: string, input: ListInput) {
  const currency = input.currency ?? input.spentOver?.currency ?? (await ownCurrency(db, sellerId))
  const like = containing(input.query)
  const where: SQL[] = [sql`true`]
  if (input.query) where.push(sql`(p.name ilike ${like} or p.email ilike ${like} or p.phone ilike ${like})`)
  if (input.productId)
    where.push(
      sql`exists (select 1 from s where s.key = p.key and s.counts and s.product_id = ${input.productId})`,
    )
  if (input.spentOver)
    where.push(
      sql`coalesce((select amount from spent x where x.key = p.key and x.currency = ${input.spentOver.currency}), 0) >= ${input.spentOver.amount}`,
    )
  if (input.lastBefore) where.push(sql`coalesce(p.last_at, p.seen_at) < ${input.lastBefore}::date`)
  const spentIn = sql`coalesce((select amount from spent x where x.key = p.key and x.currency = ${currency}), 0)`
  const lastSeen = sql`coalesce(p.last_at, p.seen_at)`
  // Each sort's keys, the client's key last: a page starts after the last client shown, by these values,
  // so a client added meanwhile never shifts a page (one whose purchases move them moves, as they should).
  const sorts: Record<typeof input.sort, SortKey[]> = {
    recent: [{ expr: lastSeen, desc: true, kind: 'time' }],
    name: [{ expr: sql`coalesce(lower(p.name), '')`, desc: false, kind: 'text' }],
    purchases: [
      { expr: sql`p.purchases`, desc: true, kind: 'number' },
      { expr: lastSeen, desc: true, kind: 'time' },
    ],
    spent: [
      { expr: spentIn, desc: true, kind: 'number' },
      { expr: lastSeen, desc: true, kind: 'time' },
    ],
  }
  const keys = sorts[input.sort]
  const after = afterCursor(keys, input.cursor)
  if (after) where.push(after)
  const found = await rows(
    db,
    sql`with ${keyed(sellerId)}, ${SUMMARY}
      select p.*, (select json_agg(json_build_object('currency', x.currency, 'amount', x.amount) order by x.currency)
        from spent x where x.key = p.key and x.amount is not null) as spent,
        json_build_array(${sql.join(
          keys.map((k) => k.expr),
          sql`, `,
        )}) as sort_values
      from people p where ${sql.join(where, sql` and `)}
      order by ${sql.join(
        keys.map((k) => sql`${k.expr} ${k.desc ? sql`desc` : sql`asc`}`),
        sql`, `,
      )}, p.key
      limit ${input.limit + 1}`,
  )
  const shown = found.slice(0, input.limit)
  const last = shown.at(-1)
  return {
    customers: shown.map(summaryOf),
    nextCursor:
      found.length > input.limit && last
        ? Buffer.from(JSON.stringify([...(last.sort_values as unknown[]), last.key])).toString('base64url')
        : null,
  }
}

/** How a cursor's value is read back in SQL, by the kind of its key. */
const CASTS = { time: 'timestamptz', number: 'numeric', text: 'text' } as const

/** One key a list is sorted by: its SQL, its direction, and the kind its cursor value is read back as. */
type SortKey = { expr: SQL; desc: boolean; kind: 'time' | 'number' | 'text' }

/**
 * Rows after the cursor's: past it on the first key, or equal there and past it on the next, and so on,
 * the client's key deciding ties. A cursor that cannot be read is refused (the list starts again).
 */
function afterCursor(keys: SortKey[], cursor: string | undefined): SQL | null {
  if (!cursor) return null
  let values: unknown
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    values = null
  }
  // Each value must be what its key's type reads back: a time, a number, text; the client's key last.
  const fits = (v: unknown, k: SortKey | undefined) =>
    k?.kind === 'time'
      ? isInstant(v)
      : k?.kind === 'number'
        ? typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v))
        : typeof v === 'string'
  if (
    !Array.isArray(values) ||
    values.length !== keys.length + 1 ||
    !values.every((v, i) => fits(v, keys[i]))
  )
    throw new AppError(400, CHECKOUT.pageMarkerNotValid, { fields: { cursor: CHECKOUT_FIELD.startAgain } })
  const key = String(values.at(-1))
  const value = (i: number) => sql`${values[i]}::${sql.raw(CASTS[keys[i]?.kind ?? 'text'])}`
  const past = (i: number) => {
    const k = keys[i] as SortKey
    return k.desc ? sql`${k.expr} < ${value(i)}` : sql`${k.expr} > ${value(i)}`
  }
  const alternatives = [...keys.map((_, i) => i), keys.length].map((i) =>
    sql.join(
      [
        ...keys.slice(0, i).map((k, j) => sql`${k.expr} = ${value(j)}`),
        i < keys.length ? past(i) : sql`p.key > ${key}`,
      ],
      sql` and `,
    ),
  )
  return sql`(${sql.join(
    alternatives.map((a) => sql`(${a})`),
    sql` or `,
  )})`
}

export async function getCustomer(db: DbOrTx, sellerId: string, key: string) {
  const history = await rows(
    db,
    sql`with ${keyed(sellerId)}
      select s.kind, s.id, s.amount, s.currency, s.at, s.status, o.reference, o.item->>'title' as title,
        o.total as order_total, i.number, i.total as invoice_total
      from s left join orders o on s.kind = 'order' and o.id = s.id
        left join invoices i on s.kind = 'invoice' and i.id = s.id
      where s.key = ${key} order by s.at desc`,
  )
  // Someone who never bought from this seller nor was billed by them is not theirs to look up.
  if (history.length === 0) throw new AppError(404, CUSTOMERS.noSuchCustomer)
  const [summary] = await rows(
    db,
    sql`with ${keyed(sellerId)}, ${SUMMARY}
      select p.*, (select json_agg(json_build_object('currency', x.currency, 'amount', x.amount) order by x.currency)
        from spent x where x.key = p.key and x.amount is not null) as spent
      from people p where p.key = ${key}`,
  )
  const [note] = await db
    .select()
    .from(customerNotes)
    .where(and(eq(customerNotes.sellerId, sellerId), eq(customerNotes.customerKey, key)))
  const money = (amount: unknown, currency: unknown) => ({
    amount: Number(amount),
    currency: currency as CurrencyCode,
  })
  return {
    customer: summaryOf(summary ?? { key }),
    note: note?.note ?? '',
    orders: history
      .filter((h) => h.kind === 'order')
      .map((h) => ({
        id: String(h.id),
        reference: String(h.reference),
        title: String(h.title ?? ''),
        status: h.status as 'paid',
        total: money(h.order_total, h.currency),
        at: iso(h.at) ?? '',
      })),
    invoices: history
      .filter((h) => h.kind === 'invoice')
      .map((h) => ({
        id: String(h.id),
        number: h.number ? String(h.number) : null,
        status: h.status as InvoiceStatus,
        total: money(h.invoice_total, h.currency),
        paid: Number(h.amount),
        at: iso(h.at) ?? '',
      })),
  }
}

/** Keeps (or, empty, removes) the seller's note about one of their clients. */
export async function updateCustomerNote(db: DbOrTx, sellerId: string, key: string, note: string) {
  await getCustomer(db, sellerId, key)
  if (!note) {
    await db
      .delete(customerNotes)
      .where(and(eq(customerNotes.sellerId, sellerId), eq(customerNotes.customerKey, key)))
    return ''
  }
  await db
    .insert(customerNotes)
    .values({ sellerId, customerKey: key, note, updatedAt: clock.now() })
    .onConflictDoUpdate({
      target: [customerNotes.sellerId, customerNotes.customerKey],
      set: { note, updatedAt: clock.now() },
    })
  return note
}
