import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import { INVOICES, INVOICES_FIELD } from '../../../contract/errors/invoices'
import { REMINDER_HOUR } from '../../../contract/invoices.constants'
import { zonedToIso } from '../../../contract/zoned-time'
import { invoiceCounters, invoiceReminders, invoices } from '../../db/schema'
import { queuePaybillRegistration } from '../../jobs/paybill.job'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { sellerTimeZone } from '../payouts'
import { emitEvent, invoiceObject } from '../webhooks'
import type { InvoiceServices } from './deps'
import { type InvoiceRow, ownInvoice, statusOf } from './invoice-rows'
import { invoiceMails } from './mails'

/**
 * Sending an invoice: its number (taken once, gapless per seller), its overdue instant and reminders in the
 * seller's time zone, then the mail and SMS. Reminders and overdue are the job runner's (invoices.sweep).
 */

/** `date` plus `days`, as a calendar date. */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** The start of the seller's day after the due date: from then on an unpaid invoice is overdue. */
export function overdueAt(dueDate: string, timeZone: string): Date {
  return new Date(zonedToIso(`${addDays(dueDate, 1)}T00:00`, timeZone) ?? `${addDays(dueDate, 1)}T00:00:00Z`)
}

/** When a reminder `days` from the due date goes out: at REMINDER_HOUR of that day, the seller's time. */
export function reminderAt(dueDate: string, days: number, timeZone: string): Date {
  const day = addDays(dueDate, days)
  const hour = String(REMINDER_HOUR).padStart(2, '0')
  return new Date(zonedToIso(`${day}T${hour}:00`, timeZone) ?? `${day}T${hour}:00:00Z`)
}

/**
 * Puts an invoice's reminders in place for its due date: those whose day has not come. Reminders already
 * sent stay sent; one whose time has passed is not sent late (the invoice itself just went out).
 */
async function scheduleReminders(deps: InvoiceServices, row: InvoiceRow, timeZone: string, now: Date) {
  await deps.db
    .delete(invoiceReminders)
    .where(and(eq(invoiceReminders.invoiceId, row.id), isNull(invoiceReminders.sentAt)))
  const due = row.reminderDays
    .map((days) => ({ days, sendAt: reminderAt(row.dueDate, days, timeZone) }))
    .filter((r) => r.sendAt.getTime() > now.getTime())
  if (due.length > 0)
    await deps.db
      .insert(invoiceReminders)
      .values(due.map((r) => ({ invoiceId: row.id, days: r.days, sendAt: r.sendAt })))
      .onConflictDoNothing()
}

/**
 * Sends an invoice. The first send takes the seller's next number under their counter's row lock, in the
 * same transaction that stores it, so concurrent sends never skip or share a number, and a number once
 * given is never given again (a cancelled invoice keeps its own).
 */
export async function sendInvoice(
  deps: InvoiceServices,
  sellerId: string,
  invoiceId: string,
): Promise<InvoiceRow> {
  const timeZone = await sellerTimeZone(deps, sellerId)
  const now = clock.now()
  const row = await deps.db.transaction(async (tx) => {
    const current = await ownInvoice(tx, sellerId, invoiceId, true)
    if (current.voidedAt) throw new AppError(409, INVOICES.invoiceCancelledDuplicateBill)
    if (current.sentAt && current.paid >= current.total)
      throw new AppError(409, INVOICES.invoicePaidNothingSend)
    if (!current.clientEmail && !current.clientPhone)
      throw new AppError(400, INVOICES.invoiceNoWayReach, {
        fields: { 'client.email': INVOICES_FIELD.giveClientsEMail },
      })
    let number = current.number
    if (!number) {
      await tx.insert(invoiceCounters).values({ sellerId, last: 0 }).onConflictDoNothing()
      const [counter] = await tx
        .update(invoiceCounters)
        .set({ last: sql`${invoiceCounters.last} + 1` })
        .where(eq(invoiceCounters.sellerId, sellerId))
        .returning()
      if (!counter) throw new Error('the invoice counter vanished')
      number = `INV-${String(counter.last).padStart(4, '0')}`
    }
    const next = {
      ...current,
      number,
      sentAt: current.sentAt ?? now,
      overdueAt: overdueAt(current.dueDate, timeZone),
    }
    const [updated] = await tx
      .update(invoices)
      .set({
        number,
        sentAt: next.sentAt,
        overdueAt: next.overdueAt,
        status: statusOf(next, now),
        updatedAt: now,
      })
      .where(eq(invoices.id, current.id))
      .returning()
    if (!updated) throw new Error('invoice vanished under its lock')
    await emitEvent(tx, {
      sellerId,
      type: 'invoice.sent',
      objectId: updated.id,
      object: invoiceObject(updated),
    })
    return updated
  })
  await scheduleReminders(deps, row, timeZone, now)
  // The invoice gives the Paybill number out: M-Pesa must know where to confirm a payment to it.
  await queuePaybillRegistration(deps)
  await invoiceMails(deps).sent(row)
  return row
}

/** A sent invoice changed: its overdue instant and reminders follow the new due date, and it goes out again. */
export async function resendRevision(deps: InvoiceServices, row: InvoiceRow): Promise<InvoiceRow> {
  return sendInvoice(deps, row.sellerId, row.id)
}

/** Marks invoices overdue whose due day has ended in their seller's time zone; answers how many. */
export async function markOverdue(deps: Pick<InvoiceServices, 'db'>, now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(invoices)
      .set({ status: 'overdue', updatedAt: now })
      .where(
        and(
          inArray(invoices.status, ['sent', 'viewed', 'partially_paid']),
          lte(invoices.overdueAt, now),
          sql`${invoices.paid} < ${invoices.total}`,
        ),
      )
      .returning()
    for (const row of changed)
      await emitEvent(tx, {
        sellerId: row.sellerId,
        type: 'invoice.overdue',
        objectId: row.id,
        object: invoiceObject(row),
      })
    return changed.length
  })
}

/**
 * Sends the reminders that are due, each once: a reminder is claimed (sent_at set) before its mail goes,
 * so two instances never both send it; an invoice paid or cancelled meanwhile gets none.
 */
export async function sendDueReminders(deps: InvoiceServices, now: Date, limit = 50): Promise<number> {
  const claimed = await deps.db
    .update(invoiceReminders)
    .set({ sentAt: now })
    .where(
      sql`(${invoiceReminders.invoiceId}, ${invoiceReminders.days}) in (
        select r.invoice_id, r.days from invoice_reminders r
        where r.sent_at is null and r.skipped_at is null and r.send_at <= ${now.toISOString()}::timestamptz
        order by r.send_at limit ${limit} for update skip locked)`,
    )
    .returning()
  let sent = 0
  for (const reminder of claimed) {
    const [row] = await deps.db.select().from(invoices).where(eq(invoices.id, reminder.invoiceId))
    if (!row || row.voidedAt || row.paid >= row.total) {
      await deps.db
        .update(invoiceReminders)
        .set({ sentAt: null, skippedAt: now })
        .where(
          and(eq(invoiceReminders.invoiceId, reminder.invoiceId), eq(invoiceReminders.days, reminder.days)),
        )
      continue
    }
    await invoiceMails(deps).sent(row, { reminder: reminder.days })
    sent++
  }
  return sent
}
