import { z } from 'zod'
import { PAYMENT_METHODS } from './checkout.constants'
import { INVOICES_INPUT } from './errors/invoices-input'
import {
  AMOUNT,
  adjustmentInput,
  amount,
  CHOOSE_PAYMENT,
  DATE_DUE,
  DATE_FIRST,
  DATE_ISSUE,
  DATE_LAST,
  DATE_RECEIVED,
  date,
  invoiceClientInput,
  invoiceId,
  invoiceLineInput,
  invoiceTaxInput,
  NOTES_TEXT,
  optionalText,
  PAYMENT_NOTE_TEXT,
  PROMISE_NOTE_TEXT,
  REASON_TEXT,
  TERMS_TEXT,
  text,
} from './invoice-fields'

export { adjustmentInput, invoiceClientInput, invoiceLineInput, invoiceTaxInput } from './invoice-fields'

import {
  INVOICE_MAX_LINES,
  INVOICE_MAX_REMINDERS,
  INVOICE_MAX_TAXES,
  INVOICE_STATUSES,
  RECORDED_PAYMENT_METHODS,
  REMINDER_MAX_DAYS,
  REMINDER_MIN_DAYS,
} from './invoices.constants'
import { currencyCode, money } from './money'
import { kenyanMobile } from './phone.schema'
import { defineSubject } from './rpc'
import { say } from './say'

/**
 * Invoices: a seller bills a client, who pays at `/p?invoice={id}&key={key}` by M-Pesa, card or PayPal.
 * Amounts are integer minor units of the invoice's currency; totals are always computed by the server
 * (contract/invoice-totals.ts), never read from the client.
 */

/** What a seller writes; everything else (number, totals, status) is the server's. */
export const invoiceDraftInput = z
  .strictObject({
    client: invoiceClientInput,
    currency: currencyCode,
    lines: z
      .array(invoiceLineInput, { error: say(INVOICES_INPUT.addLine) })
      .min(1, say(INVOICES_INPUT.addLeastLine))
      .max(INVOICE_MAX_LINES, say(INVOICES_INPUT.atMostLines)),
    discount: adjustmentInput.nullable().default(null),
    taxes: z.array(invoiceTaxInput).max(INVOICE_MAX_TAXES, say(INVOICES_INPUT.atMostTaxes)).default([]),
    deposit: adjustmentInput.nullable().default(null),
    issueDate: date(DATE_ISSUE),
    dueDate: date(DATE_DUE),
    notes: optionalText(2000, NOTES_TEXT),
    terms: optionalText(2000, TERMS_TEXT),
    /** Days from the due date (-3: three days before). */
    reminders: z
      .array(
        z
          .number()
          .int()
          .min(REMINDER_MIN_DAYS, say(INVOICES_INPUT.reminderAtMostBefore))
          .max(REMINDER_MAX_DAYS, say(INVOICES_INPUT.reminderAtMostAfter)),
      )
      .max(INVOICE_MAX_REMINDERS, say(INVOICES_INPUT.atMostReminders))
      .default([]),
  })
  .superRefine((draft, ctx) => {
    if (draft.dueDate < draft.issueDate)
      ctx.addIssue({
        code: 'custom',
        path: ['dueDate'],
        message: say(INVOICES_INPUT.dueDateCannotBefore),
      })
    if (new Set(draft.reminders).size !== draft.reminders.length)
      ctx.addIssue({
        code: 'custom',
        path: ['reminders'],
        message: say(INVOICES_INPUT.eachReminderOnce),
      })
    if (draft.client.email === null && draft.client.phone === null)
      ctx.addIssue({
        code: 'custom',
        path: ['client', 'email'],
        message: say(INVOICES_INPUT.giveClientsEMail),
      })
  })

export const invoiceStatus = z.enum(INVOICE_STATUSES)

export const invoicePayment = z.object({
  id: z.string(),
  method: z.enum([...PAYMENT_METHODS, ...RECORDED_PAYMENT_METHODS]),
  status: z.enum(['pending', 'paid', 'failed', 'expired', 'cancelled']),
  /** In the invoice's currency: what it counts for. */
  amount: z.number().int(),
  /** What the payer was charged, when another currency or rounding. */
  charged: money.nullable(),
  /**
   * Paid above what was due (a Paybill payment for more, a second payment of a paid invoice), or all of a
   * payment made after the invoice was cancelled: held for the payer, not the seller's until kept.
   */
  excess: z.number().int(),
  /**
   * What became of the excess: being given back, given back, refused by the provider (with its words),
   * or kept by the seller as a payment (Soko's fee taken). Null: waiting for the seller to choose.
   */
  excessRefund: z
    .object({ status: z.enum(['pending', 'done', 'failed', 'accepted']), message: z.string().nullable() })
    .nullable(),
  receipt: z.string().nullable(),
  /** Why it did not go through, in the provider's words (a cancelled prompt, a wrong PIN, a timeout). */
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  note: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
})

const totalsView = z.object({
  subtotal: z.number().int(),
  discount: z.number().int(),
  taxes: z.array(
    z.object({ name: z.string(), rateBps: z.number(), inclusive: z.boolean(), amount: z.number() }),
  ),
  total: z.number().int(),
  deposit: z.number().int(),
  paid: z.number().int(),
  /** What is left to pay. */
  balance: z.number().int(),
  /** What the client is asked to pay now: the deposit while it is not covered, then the balance. */
  dueNow: z.number().int(),
})

export const invoiceView = z.object({
  id: z.string(),
  number: z.string().nullable(),
  reference: z.string(),
  status: invoiceStatus,
  revision: z.number().int(),
  currency: currencyCode,
  client: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  lines: z.array(
    z.object({
      description: z.string(),
      quantityMilli: z.number(),
      unitPrice: z.number(),
      total: z.number(),
    }),
  ),
  discountInput: adjustmentInput.nullable(),
  taxInput: z.array(z.object({ name: z.string(), rateBps: z.number(), inclusive: z.boolean() })),
  depositInput: adjustmentInput.nullable(),
  totals: totalsView,
  issueDate: z.string(),
  dueDate: z.string(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  reminders: z.array(
    z.object({ days: z.number(), sendAt: z.string().nullable(), sentAt: z.string().nullable() }),
  ),
  payments: z.array(invoicePayment),
  /** The client's pay page, with its key: null for a draft. */
  payUrl: z.string().nullable(),
  /** The PDF, with the key. */
  pdfUrl: z.string(),
  sentAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type InvoiceView = z.infer<typeof invoiceView>

export const invoiceSummary = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: invoiceStatus,
  clientName: z.string(),
  currency: currencyCode,
  total: z.number().int(),
  paid: z.number().int(),
  issueDate: z.string(),
  dueDate: z.string(),
  updatedAt: z.string(),
})

/** What the client sees at /p: the invoice without the seller's own fields, and how to pay what is due. */
export const payInvoiceView = z.object({
  id: z.string(),
  number: z.string().nullable(),
  reference: z.string(),
  status: invoiceStatus,
  currency: currencyCode,
  seller: z.object({
    name: z.string(),
    handle: z.string().nullable(),
    email: z.string().nullable(),
    /** The seller's photo, as their storefront shows it. */
    avatar: z.object({ small: z.string(), large: z.string() }).nullable(),
  }),
  client: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  lines: invoiceView.shape.lines,
  totals: totalsView,
  issueDate: z.string(),
  dueDate: z.string(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  payments: z.array(invoicePayment.omit({ note: true })),
  /** What paying `dueNow` costs by each method (converted where the method takes another currency). */
  charges: z.array(z.object({ method: z.enum(PAYMENT_METHODS), amount: money, rate: z.number().nullable() })),
  /** A deposit is due before the balance. */
  dueNowIsDeposit: z.boolean(),
  /** Paying by M-Pesa Paybill with the invoice's reference: a shilling invoice that is owed; else null. */
  paybill: z.object({ number: z.string(), account: z.string() }).nullable(),
  /** When it was paid in full. */
  paidAt: z.string().nullable(),
  /** The latest attempt, when it did not go through (and nothing was tried since): why, in words. */
  failed: invoicePayment.omit({ note: true }).nullable(),
  /** A payment on its way (an M-Pesa prompt, a card page): the page follows it. */
  pending: invoicePayment.omit({ note: true }).nullable(),
  /** M-Pesa sandbox: the simulator's phone page. */
  sandboxPhone: z.string().nullable(),
  pdfUrl: z.string(),
})
export type PayInvoiceView = z.infer<typeof payInvoiceView>

const access = {
  invoiceId,
  key: z
    .string({ error: say(INVOICES_INPUT.linkNotComplete) })
    .min(10)
    .max(100),
}

export const invoicesContract = {
  createInvoice: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Writes a draft invoice. `draftKey` (made by the device) makes a repeat — a draft written offline and ' +
      'sent again when the network returns — answer the first invoice instead of making a second.',
    input: z.strictObject({ draftKey: z.uuid().optional(), invoice: invoiceDraftInput }),
    output: z.object({ invoice: invoiceView }),
  }),
  updateInvoice: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Changes an invoice. A draft changes as it is; a sent invoice becomes its next revision, keeps its ' +
      'number and is sent again. A paid or cancelled invoice cannot change.',
    input: z.strictObject({ invoiceId, invoice: invoiceDraftInput }),
    output: z.object({ invoice: invoiceView }),
  }),
  sendInvoice: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Sends an invoice to its client: by e-mail with the PDF and the pay link, and by SMS with the link ' +
      'when the client has a phone. The first send gives it the next number (INV-0001).',
    input: z.strictObject({ invoiceId }),
    output: z.object({ invoice: invoiceView }),
  }),
  voidInvoice: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'Cancels an invoice that nothing has been paid on; its pay page then says it was cancelled.',
    input: z.strictObject({ invoiceId, reason: optionalText(300, REASON_TEXT) }),
    output: z.object({ invoice: invoiceView }),
  }),
  duplicateInvoice: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'A new draft with the same client, lines, taxes and terms, dated today.',
    input: z.strictObject({ invoiceId }),
    output: z.object({ invoice: invoiceView }),
  }),
  listInvoices: defineSubject({
    kind: 'query',
    access: 'seller',
    summary: 'The seller’s invoices, newest first, by status, client and issue dates.',
    input: z.strictObject({
      status: invoiceStatus.optional(),
      client: z.string().trim().max(120).optional(),
      from: date(DATE_FIRST).optional(),
      to: date(DATE_LAST).optional(),
      cursor: z.string().max(100).optional(),
      limit: z.number().int().min(1).max(50).default(20),
    }),
    output: z.object({ invoices: z.array(invoiceSummary), nextCursor: z.string().nullable() }),
  }),
  getInvoice: defineSubject({
    kind: 'query',
    access: 'seller',
    summary: 'One of the seller’s invoices, with its payments and reminders.',
    input: z.strictObject({ invoiceId }),
    output: z.object({ invoice: invoiceView }),
  }),
  recordInvoicePayment: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'Records money the client paid outside Soko (cash, a bank transfer); no money moves in Soko.',
    input: z.strictObject({
      invoiceId,
      method: z.enum(RECORDED_PAYMENT_METHODS, {
        error: say(INVOICES_INPUT.chooseCashBankTransfer),
      }),
      amount: amount(AMOUNT).min(1, say(INVOICES_INPUT.giveAmountReceived)),
      receivedOn: date(DATE_RECEIVED),
      note: optionalText(300, PAYMENT_NOTE_TEXT),
    }),
    output: z.object({ invoice: invoiceView }),
  }),
  refundInvoiceExcess: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Gives back what a payment paid beyond what was due, to whoever paid it, by the way they paid ' +
      '(M-Pesa: to the number that paid). A refusal can be tried again.',
    input: z.strictObject({ invoiceId, paymentId: z.uuid({ error: say(CHOOSE_PAYMENT) }) }),
    output: z.object({ invoice: invoiceView }),
  }),
  acceptInvoiceExcess: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Keeps what a payment paid beyond what was due as a payment (the client meant to pay more): it ' +
      "becomes earnings like a sale, Soko's fee taken in the payment's terms, withdrawable after the hold. " +
      'Not for a cancelled invoice, whose payments go back to the payer.',
    input: z.strictObject({ invoiceId, paymentId: z.uuid({ error: say(CHOOSE_PAYMENT) }) }),
    output: z.object({ invoice: invoiceView }),
  }),
  listInvoiceClients: defineSubject({
    kind: 'query',
    access: 'seller',
    summary: 'People the seller has billed or sold to, to fill in an invoice’s client.',
    input: z.strictObject({ query: z.string().trim().max(120).default('') }),
    output: z.object({
      clients: z.array(
        z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
      ),
    }),
  }),
  listUnmatchedPayments: defineSubject({
    kind: 'query',
    access: 'admin',
    summary:
      'Money a provider reported that matched no order or invoice (a mistyped Paybill account number), ' +
      'oldest first: waiting to be matched by hand, or already settled.',
    input: z.strictObject({ resolved: z.boolean().default(false) }),
    output: z.object({
      payments: z.array(
        z.object({
          id: z.string(),
          provider: z.string(),
          reference: z.string(),
          amount: money,
          receipt: z.string().nullable(),
          /** The payer's number, where the provider gave it. */
          payer: z.string().nullable(),
          receivedAt: z.string(),
          resolvedAt: z.string().nullable(),
          note: z.string().nullable(),
        }),
      ),
    }),
  }),
  resolveUnmatchedPayment: defineSubject({
    kind: 'mutation',
    access: 'admin',
    summary: 'Records how an unmatched payment was settled (given back, or matched by hand), with a note.',
    input: z.strictObject({
      id: z.uuid({ error: say(CHOOSE_PAYMENT) }),
      note: text(500, PROMISE_NOTE_TEXT).min(5, say(INVOICES_INPUT.sayFewWordsHow)),
    }),
    output: z.object({ ok: z.literal(true) }),
  }),
  getPayInvoice: defineSubject({
    kind: 'query',
    access: 'public',
    summary:
      'The invoice at its pay page, with its key. The client’s first open marks it viewed (not the seller’s, ' +
      'not a link preview). A waiting payment is asked about when its callback is late.',
    input: z.strictObject(access),
    output: z.object({ invoice: payInvoiceView }),
  }),
  payInvoice: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary:
      'Starts paying what is due now (the deposit, then the balance) by M-Pesa, card or PayPal, through the ' +
      'same providers as orders; answers where to go next.',
    input: z.strictObject({
      ...access,
      method: z.enum(PAYMENT_METHODS, {
        error: say(INVOICES_INPUT.chooseHowPay),
      }),
      phone: kenyanMobile.optional(),
    }),
    output: z.object({
      paymentId: z.string(),
      next: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('redirect'), url: z.string() }),
        z.object({ kind: z.literal('mpesa'), phone: z.string(), message: z.string() }),
      ]),
    }),
  }),
}
