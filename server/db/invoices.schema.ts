import { sql } from 'drizzle-orm'
import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { CurrencyCode } from '../../contract/currencies'
import type { Lang } from '../../contract/i18n'
import type { Adjustment } from '../../contract/invoice-totals'
import type { InvoiceStatus } from '../../contract/invoices.constants'
import type { ChargeNext } from '../payments/provider'
import { at, createdAt, updatedAt } from './columns'
import type { SaleTerms } from './columns.types'

/**
 * Invoices: what a seller bills a client, each payment towards one (through a provider at /p, or recorded
 * by the seller), each reminder, the seller's gapless numbering, and money that arrived naming nothing.
 */

export interface InvoiceLine {
  description: string
  quantityMilli: number
  unitPrice: number
  total: number
}

export interface InvoiceTax {
  name: string
  rateBps: number
  inclusive: boolean
  amount: number
}

/**
 * One invoice. Totals are the server's (contract/invoice-totals.ts) and stored with the lines they came
 * from; `paid` is the sum of its paid payments, kept in the same transaction as each payment.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey(),
    sellerId: uuid('seller_id').notNull(),
    /** Given at the first send (INV-0001); a draft has none. */
    number: text('number'),
    /** Global payment reference (`IV…`): the Paybill account number and the providers' reference. */
    reference: text('reference').notNull(),
    /** The device's key for a draft written offline: a repeat answers the same invoice. */
    draftKey: uuid('draft_key'),
    status: text('status').$type<InvoiceStatus>().notNull().default('draft'),
    revision: integer('revision').notNull().default(0),
    currency: char('currency', { length: 3 }).$type<CurrencyCode>().notNull(),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email'),
    clientPhone: text('client_phone'),
    /** The language the client last paid in through /p (`en`, `sw`): their receipt and refund mails use it. */
    clientLanguage: text('client_language').$type<Lang>().notNull().default('en'),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    discount: jsonb('discount').$type<Adjustment | null>(),
    taxes: jsonb('taxes').$type<InvoiceTax[]>().notNull(),
    deposit: jsonb('deposit').$type<Adjustment | null>(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    discountAmount: bigint('discount_amount', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    depositAmount: bigint('deposit_amount', { mode: 'number' }).notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date').notNull(),
    notes: text('notes'),
    terms: text('terms'),
    /** Days from the due date; their instants are in invoice_reminders once the invoice is sent. */
    reminderDays: jsonb('reminder_days').$type<number[]>().notNull(),
    sentAt: at('sent_at'),
    viewedAt: at('viewed_at'),
    /** The start of the seller's day after the due date: from then on it is overdue while unpaid. */
    overdueAt: at('overdue_at'),
    paidAt: at('paid_at'),
    voidedAt: at('voided_at'),
    voidReason: text('void_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_reference_key').on(t.reference),
    uniqueIndex('invoices_seller_number_key').on(t.sellerId, t.number),
    uniqueIndex('invoices_seller_draft_key').on(t.sellerId, t.draftKey),
    index('invoices_seller_idx').on(t.sellerId, t.createdAt),
    index('invoices_overdue_idx').on(t.status, t.overdueAt),
    check(
      'invoices_status_check',
      sql`${t.status} in ('draft', 'sent', 'viewed', 'partially_paid', 'paid', 'overdue', 'void')`,
    ),
  ],
)

/** Each seller's last invoice number: the row is locked while a number is taken, so none is skipped. */
export const invoiceCounters = pgTable('invoice_counters', {
  sellerId: uuid('seller_id').primaryKey(),
  last: integer('last').notNull(),
})

/**
 * A payment towards an invoice: a charge through a provider (from pending to its end), a Paybill payment
 * that named the invoice's reference, or money the seller says they received outside Soko.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    sellerId: uuid('seller_id').notNull(),
    method: text('method').$type<'mpesa' | 'card' | 'paypal' | 'cash' | 'bank'>().notNull(),
    status: text('status').$type<'pending' | 'paid' | 'failed' | 'expired' | 'cancelled'>().notNull(),
    /** In the invoice's currency: what it counts towards the invoice (excess included). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).$type<CurrencyCode>().notNull(),
    chargeAmount: bigint('charge_amount', { mode: 'number' }).notNull(),
    chargeCurrency: char('charge_currency', { length: 3 }).$type<CurrencyCode>().notNull(),
    /** The platform's fee and hold when the payment began, which its sale is booked with. */
    terms: jsonb('terms').$type<SaleTerms>().notNull(),
    /**
     * Paid beyond what was due, or on an invoice no longer payable (all of it): held for the payer (the
     * ledger's `payer:{id}`) until the seller gives it back or keeps it as a payment (a cancelled invoice's
     * is given back at once). In the invoice's currency; `excess_charge` is the same in the charge's.
     */
    excess: bigint('excess', { mode: 'number' }).notNull().default(0),
    excessCharge: bigint('excess_charge', { mode: 'number' }).notNull().default(0),
    /** Giving the excess back: our id for it at the provider, where it stands, and the provider's word. */
    excessRefundId: uuid('excess_refund_id'),
    /** `accepted`: the seller kept it as a payment, with Soko's fee in the payment's terms. */
    excessRefundStatus: text('excess_refund_status').$type<'pending' | 'done' | 'failed' | 'accepted'>(),
    excessRefundMessage: text('excess_refund_message'),
    excessRefundRef: text('excess_refund_ref'),
    excessRefundedAt: at('excess_refunded_at'),
    providerRef: text('provider_ref'),
    /** What the payer does next (the approval page, the phone prompted): a second ask gets the same. */
    next: jsonb('next').$type<ChargeNext>(),
    payment: jsonb('payment').$type<Record<string, unknown>>(),
    failure: jsonb('failure').$type<{ code: string; message: string }>(),
    note: text('note'),
    expiresAt: at('expires_at'),
    checkedAt: at('checked_at'),
    paidAt: at('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId, t.createdAt),
    uniqueIndex('invoice_payments_provider_ref_key').on(t.method, t.providerRef),
    uniqueIndex('invoice_payments_excess_refund_key').on(t.excessRefundId),
    index('invoice_payments_pending_idx').on(t.status, t.expiresAt),
  ],
)

/** A reminder of a sent invoice, due at 09:00 of the seller's day; sent once, or skipped once paid. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    days: integer('days').notNull(),
    sendAt: at('send_at').notNull(),
    sentAt: at('sent_at'),
    skippedAt: at('skipped_at'),
  },
  (t) => [
    uniqueIndex('invoice_reminders_key').on(t.invoiceId, t.days),
    index('invoice_reminders_due_idx').on(t.sendAt),
  ],
)

/**
 * Money a provider reported that matches nothing (a Paybill account number mistyped): kept whole for an
 * admin to match by hand, once per provider event.
 */
export const unmatchedPayments = pgTable(
  'unmatched_payments',
  {
    id: uuid('id').primaryKey(),
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    reference: text('reference').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).$type<CurrencyCode>().notNull(),
    receipt: text('receipt'),
    payload: jsonb('payload').$type<unknown>().notNull(),
    resolvedAt: at('resolved_at'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('unmatched_payments_event_key').on(t.provider, t.eventKey)],
)

/** What a seller keeps about one of their clients (`e:{e-mail}` or `p:{phone}`): only they see it. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    sellerId: uuid('seller_id').notNull(),
    customerKey: text('customer_key').notNull(),
    note: text('note').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.customerKey] })],
)
