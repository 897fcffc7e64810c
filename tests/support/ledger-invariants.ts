import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'

/**
 * What must hold of the books after any test, whatever it did: checked when each test database closes, on
 * both drivers. Each check is a query that lists the rows breaking it; a test fails naming them.
 */
const CHECKS: { what: string; query: SQL }[] = [
  {
    what: 'every currency sums to zero',
    query: sql`select currency, sum(amount)::text as off from ledger_entries group by currency
      having sum(amount) <> 0`,
  },
  {
    what: 'a paid order has its one sale, which took what it charged; an order never paid has no postings but its reminder SMS fee',
    query: sql`select o.id, o.status, o.reference,
        (select count(*) from ledger_transactions t where t.order_id = o.id and t.kind = 'sale')::int as sales,
        (select coalesce(sum(e.amount), 0) from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          where t.order_id = o.id and t.kind = 'sale' and e.account = 'provider:' || o.method)::text as taken
      from orders o
      where o.method <> 'free' and (
        (o.status in ('paid', 'refunding') and o.charge_amount > 0 and (
          (select count(*) from ledger_transactions t where t.order_id = o.id and t.kind = 'sale') <> 1
          or (select coalesce(sum(e.amount), 0) from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
              where t.order_id = o.id and t.kind = 'sale' and e.account = 'provider:' || o.method) <> o.charge_amount))
        or (o.paid_at is null and exists (select 1 from ledger_transactions t
          where t.order_id = o.id and t.kind <> 'sms-fee')))`,
  },
  {
    what: 'an order’s refunds took from the provider exactly what its refunds that went through gave back',
    query: sql`select o.id, o.reference from orders o
      where o.method <> 'free' and o.charge_amount > 0 and (
        select coalesce(-sum(e.amount), 0) from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.order_id = o.id and t.kind = 'refund' and e.account = 'provider:' || o.method
      ) <> (select coalesce(sum(r.amount), 0) from refunds r where r.order_id = o.id and r.status = 'succeeded')`,
  },
  {
    what: 'a refunded, cancelled or expired order holds no money: its postings net to zero in every account',
    query: sql`select o.id, o.status, e.account, e.currency, sum(e.amount)::text as held
      from orders o join ledger_transactions t on t.order_id = o.id join ledger_entries e on e.transaction_id = t.id
      where o.status in ('refunded', 'cancelled', 'expired', 'failed') and t.kind <> 'sms-fee'
      group by o.id, o.status, e.account, e.currency having sum(e.amount) <> 0`,
  },
  {
    what: 'a reminder SMS fee is charged once, for a reminder that went by SMS, from the seller to Soko',
    query: sql`select t.id, t.order_id from ledger_transactions t
      where t.kind = 'sms-fee' and (
        not exists (select 1 from checkout_reminders r where r.order_id = t.order_id and r.sms)
        or (select count(*) from ledger_entries e where e.transaction_id = t.id) <> 2
        or not exists (select 1 from ledger_entries e join orders o on o.id = t.order_id
          where e.transaction_id = t.id and e.account = 'seller:' || o.seller_id::text and e.amount > 0)
        or not exists (select 1 from ledger_entries e where e.transaction_id = t.id and e.account = 'platform:sms'))`,
  },
  {
    what: "an order has lines 0, 1, 2… whose totals add up to its total; its first line is the order's own product, item and quantity",
    query: sql`select o.id, o.reference, o.total,
        (select count(*) from order_lines l where l.order_id = o.id)::int as lines,
        (select coalesce(sum(l.total), 0) from order_lines l where l.order_id = o.id)::text as lines_total
      from orders o
      where (select coalesce(sum(l.total), 0) from order_lines l where l.order_id = o.id) <> o.total
        or (select coalesce(max(l.position), -1) + 1 from order_lines l where l.order_id = o.id)
          <> (select count(*) from order_lines l where l.order_id = o.id)
        or not exists (select 1 from order_lines l where l.order_id = o.id and l.position = 0
          and l.product_id = o.product_id and l.item_key = o.item_key and l.quantity = o.quantity
          and l.item = o.item)`,
  },
  {
    what: "an invoice's paid is what its payments counted (each payment's amount less its excess), at most its total, and nothing on a void one",
    query: sql`select i.id, i.number, i.status, i.paid, i.total, i.voided_at,
        coalesce((select sum(p.amount - p.excess) from invoice_payments p
          where p.invoice_id = i.id and p.status = 'paid'), 0)::text as counted
      from invoices i
      where i.paid > i.total
        or (i.voided_at is not null and i.paid <> 0)
        or i.paid <> coalesce((select sum(p.amount - p.excess) from invoice_payments p
          where p.invoice_id = i.id and p.status = 'paid'), 0)`,
  },
  {
    what: 'no void invoice holds money: its payments credited no seller and no fee',
    query: sql`select i.id, e.account, e.currency, sum(e.amount)::text as held
      from invoices i join invoice_payments p on p.invoice_id = i.id
      join ledger_transactions t on t.invoice_payment_id = p.id join ledger_entries e on e.transaction_id = t.id
      where i.voided_at is not null and (e.account like 'seller:%' or e.account = 'platform:fees')
      group by i.id, e.account, e.currency having sum(e.amount) <> 0`,
  },
  {
    what: 'a paid provider payment on an invoice has its sale; its excess is held for the payer until given back or kept, and only then leaves',
    query: sql`select p.id, p.method, p.excess, p.excess_charge, p.excess_refund_status,
        (select count(*) from ledger_transactions t where t.invoice_payment_id = p.id and t.kind = 'sale')::int as sales,
        (select coalesce(-sum(e.amount), 0) from ledger_entries e where e.account = 'payer:' || p.id::text)::text as held
      from invoice_payments p
      where p.status = 'paid' and p.method in ('mpesa', 'card', 'paypal') and (
        (select count(*) from ledger_transactions t where t.invoice_payment_id = p.id and t.kind = 'sale') <> 1
        or (select coalesce(-sum(e.amount), 0) from ledger_entries e where e.account = 'payer:' || p.id::text)
          <> case when p.excess_refund_status in ('done', 'accepted') then 0 else p.excess_charge end)`,
  },
  {
    what: "a payout's postings follow its status: asked once; sent only when paid; back only when it failed, came back or was cancelled",
    query: sql`select p.id, p.status,
        array_agg(t.kind order by t.kind collate "C")::text as kinds
      from payouts p left join ledger_transactions t on t.payout_id = p.id
      group by p.id, p.status
      having not (
        (p.status in ('approval', 'scheduled', 'sending', 'processing')
          and array_agg(t.kind order by t.kind collate "C")::text = '{payout}')
        or (p.status = 'paid' and array_agg(t.kind order by t.kind collate "C")::text = '{payout,payout-sent}')
        or (p.status in ('failed', 'cancelled')
          and array_agg(t.kind order by t.kind collate "C")::text = '{payout,payout-back}')
        or (p.status = 'returned'
          and array_agg(t.kind order by t.kind collate "C")::text in ('{payout,payout-back}', '{payout,payout-back,payout-sent}')))`,
  },
]

/** The invariants the database breaks, one line each with the rows that break it; empty when all hold. */
export async function ledgerInvariantViolations(db: Db): Promise<string[]> {
  const found: string[] = []
  for (const check of CHECKS) {
    const result = (await db.execute(check.query)) as unknown as { rows: Record<string, unknown>[] }
    if (result.rows.length > 0)
      found.push(`${check.what}:\n${result.rows.map((row) => `    ${JSON.stringify(row)}`).join('\n')}`)
  }
  return found
}
