import { and, desc, eq, gte, ilike, lt, lte, or, sql } from 'drizzle-orm'
import { INVOICES, INVOICES_FIELD } from '../../../contract/errors/invoices'
import { formatMoney } from '../../../contract/format-money'
import type { RecordedPaymentMethod } from '../../../contract/invoices.constants'
import { invoicePayments, invoices, orders, users } from '../../db/schema'
import { clock, dbNow } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { escapeLike } from '../../lib/like'
import { UUID_PATTERN, uuidv7 } from '../../lib/uuid'
import { saleTermsOf } from '../../platform/terms'
import { sellerTimeZone } from '../payouts'
import type { InvoiceServices } from './deps'
import {
  type Db,
  draftColumns,
  type InvoiceDraft,
  type InvoiceRow,
  newInvoiceReference,
  ownInvoice,
  statusOf,
} from './invoice-rows'
import { applyPaid } from './paid'
import { cancelAtProvider } from './pay'
import { resendRevision } from './send'

/** A seller's invoices: drafts, revisions, cancelling, copies, money received outside Soko, and reading. */

function checkAmounts(draft: InvoiceDraft) {
  const columns = draftColumns(draft)
  if (columns.total <= 0)
    throw new AppError(400, INVOICES.totalZero, {
      fields: { 'invoice.lines': INVOICES_FIELD.totalMustAboveZero },
    })
  if (columns.total > 1_000_000_000_00)
    throw new AppError(400, INVOICES.invoiceTooLarge, {
      fields: { 'invoice.lines': INVOICES_FIELD.splitIntoSeveralInvoices },
    })
  return columns
}

/** A new draft; the same `draftKey` again answers the first draft (an offline draft sent twice). */
export async function createInvoice(
  deps: InvoiceServices,
  sellerId: string,
  draft: InvoiceDraft,
  draftKey: string | undefined,
): Promise<InvoiceRow> {
  const columns = checkAmounts(draft)
  for (let attempt = 0; ; attempt++) {
    const [row] = await deps.db
      .insert(invoices)
      .values({
        id: uuidv7(),
        sellerId,
        reference: newInvoiceReference(),
        draftKey: draftKey ?? null,
        status: 'draft',
        ...columns,
      })
      .onConflictDoNothing()
      .returning()
    if (row) return row
    if (draftKey) {
      const [first] = await deps.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.sellerId, sellerId), eq(invoices.draftKey, draftKey)))
      if (first) return first
    }
    // A reference taken (one in 10^12): a fresh one.
    if (attempt > 2) throw new Error('could not give the invoice a reference')
  }
}

/**
 * A draft changes as it is. A sent invoice becomes its next revision: the number stays, the totals are
 * computed again, and it is sent again. Paid and cancelled invoices stay as they are.
 */
export async function updateInvoice(
  deps: InvoiceServices,
  sellerId: string,
  invoiceId: string,
  draft: InvoiceDraft,
): Promise<InvoiceRow> {
  const columns = checkAmounts(draft)
  const row = await deps.db.transaction(async (tx) => {
    const current = await ownInvoice(tx, sellerId, invoiceId, true)
    if (current.voidedAt) throw new AppError(409, INVOICES.invoiceCancelledDuplicateBill)
    if (current.sentAt && current.paid >= current.total) throw new AppError(409, INVOICES.invoicePaidNoLonger)
    if (current.paid > 0 && columns.total < current.paid)
      throw new AppError(400, INVOICES.totalBelowPaid, {
        fields: { 'invoice.lines': INVOICES_FIELD.totalCannotLessThan },
      })
    const [updated] = await tx
      .update(invoices)
      .set({
        ...columns,
        revision: current.sentAt ? current.revision + 1 : current.revision,
        updatedAt: clock.now(),
      })
      .where(eq(invoices.id, current.id))
      .returning()
    if (!updated) throw new Error('invoice vanished under its lock')
    return { ...updated, status: statusOf(updated, clock.now()) }
  })
  await deps.db.update(invoices).set({ status: row.status }).where(eq(invoices.id, row.id))
  if (row.sentAt) return resendRevision(deps, row)
  return row
}

/** A new draft with the same client, lines, taxes, terms and reminders, issued today. */
export async function duplicateInvoice(deps: InvoiceServices, sellerId: string, invoiceId: string) {
  const source = await ownInvoice(deps.db, sellerId, invoiceId)
  const days = Math.round((Date.parse(source.dueDate) - Date.parse(source.issueDate)) / 86_400_000)
  // Today as the seller's calendar has it.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: await sellerTimeZone(deps, sellerId) }).format(
    clock.now(),
  )
  const due = new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10)
  return createInvoice(
    deps,
    sellerId,
    {
      client: { name: source.clientName, email: source.clientEmail, phone: source.clientPhone },
      currency: source.currency,
      lines: source.lines.map(({ description, quantityMilli, unitPrice }) => ({
        description,
        quantityMilli,
        unitPrice,
      })),
      discount: source.discount,
      taxes: source.taxes.map(({ name, rateBps, inclusive }) => ({ name, rateBps, inclusive })),
      deposit: source.deposit,
      issueDate: today,
      dueDate: due,
      notes: source.notes,
      terms: source.terms,
      reminders: source.reminderDays,
    },
    undefined,
  )
}

/** Cancels an invoice nothing has been paid on: its link then says so, and no reminder goes out. */
export async function voidInvoice(
  deps: InvoiceServices,
  sellerId: string,
  invoiceId: string,
  reason: string | null,
) {
  const { row, closed } = await deps.db.transaction(async (tx) => {
    const row = await ownInvoice(tx, sellerId, invoiceId, true)
    if (row.voidedAt) return { row, closed: [] }
    if (row.paid > 0)
      throw new AppError(409, INVOICES.paidCannotCancel, {
        fields: { invoiceId: INVOICES_FIELD.refundRecordWhatPaid },
      })
    const now = clock.now()
    const [updated] = await tx
      .update(invoices)
      .set({ voidedAt: now, voidReason: reason, status: 'void', updatedAt: now })
      .where(eq(invoices.id, row.id))
      .returning()
    // Attempts under way close with it. An M-Pesa prompt already on a phone cannot be taken back: paid
    // anyway, its money is given back at once (applyPaid).
    const closed = await tx
      .update(invoicePayments)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(invoicePayments.invoiceId, row.id), eq(invoicePayments.status, 'pending')))
      .returning()
    return { row: updated ?? row, closed }
  })
  for (const payment of closed) await cancelAtProvider(deps, payment)
  return row
}

/**
 * Money the client paid outside Soko: it counts towards the invoice; the ledger has no part in it. Checked
 * and recorded under the invoice's row lock, so records made at once cannot together pass what is left.
 */
export async function recordPayment(
  deps: InvoiceServices,
  sellerId: string,
  input: {
    invoiceId: string
    method: RecordedPaymentMethod
    amount: number
    receivedOn: string
    note: string | null
  },
) {
  const id = uuidv7()
  // Read before the transaction, which must only use tx.
  const terms = await deps.terms.get()
  await applyPaid(
    deps,
    {
      paymentId: id,
      amount: input.amount,
      receipt: null,
      details: {},
      paidAt: new Date(`${input.receivedOn}T12:00:00Z`),
    },
    async (tx) => {
      const row = await ownInvoice(tx, sellerId, input.invoiceId, true)
      if (row.voidedAt) throw new AppError(409, INVOICES.invoiceCancelled)
      if (!row.sentAt) throw new AppError(409, INVOICES.sendInvoiceBeforeRecording)
      const left = row.total - row.paid
      if (input.amount > left)
        throw new AppError(400, INVOICES.moreThanLeft, {
          fields: {
            amount:
              left > 0
                ? { ...INVOICES_FIELD.atMostLeft, params: { amount: formatMoney(left, row.currency, 'en') } }
                : INVOICES_FIELD.nothingLeft,
          },
        })
      await tx.insert(invoicePayments).values({
        id,
        invoiceId: row.id,
        sellerId,
        method: input.method,
        status: 'pending',
        amount: input.amount,
        currency: row.currency,
        chargeAmount: input.amount,
        chargeCurrency: row.currency,
        terms: saleTermsOf(terms, row.currency),
        note: input.note,
      })
      return true
    },
  )
  return ownInvoice(deps.db, sellerId, input.invoiceId)
}

/** `statusOf` in SQL: the status as of now, so a filter agrees with what each row shows. */
const liveStatus = () => sql`case
  when ${invoices.voidedAt} is not null then 'void'
  when ${invoices.sentAt} is null then 'draft'
  when ${invoices.paid} >= ${invoices.total} then 'paid'
  when ${invoices.overdueAt} <= ${dbNow()} then 'overdue'
  when ${invoices.paid} > 0 then 'partially_paid'
  when ${invoices.viewedAt} is not null then 'viewed'
  else 'sent' end`

/** The page marker of a list: the last invoice's creation instant and id. */
const CURSOR = new RegExp(`^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z)\\|(${UUID_PATTERN})$`)

export async function listInvoices(
  db: Db,
  sellerId: string,
  filters: {
    status?: InvoiceRow['status']
    client?: string
    from?: string
    to?: string
    cursor?: string
    limit: number
  },
) {
  const match = filters.cursor ? CURSOR.exec(filters.cursor) : null
  // A marker of ours names a real moment and a UUID: anything else would fail in the database, not here.
  if (filters.cursor && (!match || Number.isNaN(Date.parse(match[1] ?? ''))))
    throw new AppError(400, INVOICES.pageMarkerNotValid, { fields: { cursor: INVOICES_FIELD.startAgain } })
  const after =
    match?.[1] && match[2]
      ? or(
          lt(invoices.createdAt, new Date(match[1])),
          and(eq(invoices.createdAt, new Date(match[1])), lt(invoices.id, match[2])),
        )
      : undefined
  const client = filters.client
    ? or(
        ilike(invoices.clientName, `%${escapeLike(filters.client)}%`),
        ilike(invoices.clientEmail, `%${escapeLike(filters.client)}%`),
        ilike(invoices.number, `%${escapeLike(filters.client)}%`),
      )
    : undefined
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.sellerId, sellerId),
        filters.status ? sql`${liveStatus()} = ${filters.status}` : undefined,
        client,
        filters.from ? gte(invoices.issueDate, filters.from) : undefined,
        filters.to ? lte(invoices.issueDate, filters.to) : undefined,
        after,
      ),
    )
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(filters.limit + 1)
  const shown = rows.slice(0, filters.limit)
  const last = shown.at(-1)
  const now = clock.now()
  return {
    invoices: shown.map((row) => ({
      id: row.id,
      number: row.number,
      status: statusOf(row, now),
      clientName: row.clientName,
      currency: row.currency,
      total: row.total,
      paid: Math.min(row.paid, row.total),
      issueDate: row.issueDate,
      dueDate: row.dueDate,
      updatedAt: row.updatedAt.toISOString(),
    })),
    nextCursor: rows.length > filters.limit && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
  }
}

/** People the seller has billed, and buyers of theirs, matching what is typed; most recent first. */
export async function invoiceClients(db: Db, sellerId: string, query: string) {
  const like = `%${escapeLike(query)}%`
  const billed = await db
    .selectDistinctOn([sql`lower(${invoices.clientName})`, invoices.clientEmail], {
      name: invoices.clientName,
      email: invoices.clientEmail,
      phone: invoices.clientPhone,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.sellerId, sellerId),
        query ? or(ilike(invoices.clientName, like), ilike(invoices.clientEmail, like)) : undefined,
      ),
    )
    .limit(20)
  const bought = await db
    .selectDistinctOn([orders.buyerEmail], { email: orders.buyerEmail, name: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(
      and(
        eq(orders.sellerId, sellerId),
        sql`${orders.status} in ('paid', 'refunding', 'refunded')`,
        query ? or(ilike(orders.buyerEmail, like), ilike(users.name, like)) : undefined,
      ),
    )
    .limit(20)
  const seen = new Set(billed.map((c) => c.email?.toLowerCase()).filter(Boolean))
  const buyers = bought
    .filter((b) => !seen.has(b.email.toLowerCase()))
    .map((b) => ({ name: b.name || b.email.split('@')[0] || b.email, email: b.email, phone: null }))
  return [...billed, ...buyers].slice(0, 20)
}
