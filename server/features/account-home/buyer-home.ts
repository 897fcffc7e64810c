import { type SQL, sql } from 'drizzle-orm'
import type { BuyerHome, HomeUpcoming } from '../../../contract/account-home.contract'
import type { DbOrTx } from '../../db/client'
import type { UserRow } from '../../lib/caller'
import { homeOrder, instant, num, orderColumns, type Row, rows, text, textOrNull } from './rows'

/** How many of each list the home page shows. */
const SHOWN = 5

/** An event without an end stays "to come" this long after its start, so its ticket is at hand at the door. */
const EVENT_WITHOUT_END_HOURS = 12

function upcoming(row: Row): HomeUpcoming {
  const end = textOrNull(row.end)
  return {
    orderId: text(row.id),
    title: text(row.title),
    start: instant(row.start),
    end: end ? instant(end) : null,
    timeZone: text(row.time_zone) || 'Africa/Nairobi',
    quantity: num(row.quantity),
  }
}

/**
 * Someone's side as a buyer: their latest purchases and downloads, and the events and booked times to
 * come. Their orders as their purchases list them: an order placed signed out only once the address is
 * verified. Each list is one read of the buyer's orders (`orders_buyer_idx`).
 */
export async function buyerHome(db: DbOrTx, buyer: UserRow, now: Date): Promise<BuyerHome> {
  const at = now.toISOString()
  const theirs = (more: SQL) => sql`o.buyer_id = ${buyer.id}
    ${buyer.emailVerifiedAt ? sql`` : sql`and o.guest = false`} and ${more}`
  const bought = (more: SQL) =>
    rows(
      db,
      sql`select ${orderColumns}, o.charge_amount::text as amount, o.charge_currency as currency,
          s.display_name as party
        from orders o join sellers s on s.user_id = o.seller_id
        where ${theirs(more)}
        order by o.created_at desc, o.id desc
        limit ${SHOWN}`,
    )
  const start = sql`(p.details->>'startsAt')::timestamptz`
  const [purchases, downloads, tickets, bookings] = await Promise.all([
    bought(sql`o.status in ('paid', 'refunding', 'refunded')`),
    // Downloads, and orders with a download among their lines (a bundle's).
    bought(
      sql`o.status = 'paid' and (o.kind = 'digital' or exists (select 1 from order_lines l where l.order_id = o.id and l.kind = 'digital'))`,
    ),
    rows(
      db,
      sql`select o.id::text as id, o.item->>'title' as title, o.quantity, p.details->>'startsAt' as start,
          p.details->>'endsAt' as "end", p.details->>'timeZone' as time_zone
        from orders o join products p on p.id = o.product_id
        where ${theirs(sql`o.kind = 'event' and o.status = 'paid'`)}
          and coalesce((p.details->>'endsAt')::timestamptz,
            ${start} + make_interval(hours => ${EVENT_WITHOUT_END_HOURS})) >= ${at}::timestamptz
        order by ${start}, o.id
        limit ${SHOWN}`,
    ),
    rows(
      db,
      sql`select o.id::text as id, o.item->>'title' as title, 1 as quantity,
          o.item->'slot'->>'start' as start, o.item->'slot'->>'end' as "end",
          p.details->>'timeZone' as time_zone
        from orders o join products p on p.id = o.product_id
        where ${theirs(sql`o.kind = 'service' and o.status = 'paid' and o.item ? 'slot'`)}
          and (o.item->'slot'->>'end')::timestamptz >= ${at}::timestamptz
        order by (o.item->'slot'->>'start')::timestamptz, o.id
        limit ${SHOWN}`,
    ),
  ])
  return {
    role: 'buyer',
    purchases: purchases.map(homeOrder),
    downloads: downloads.map(homeOrder),
    tickets: tickets.map(upcoming),
    bookings: bookings.map(upcoming),
  }
}
