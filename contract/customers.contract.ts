import { z } from 'zod'
import { orderStatus } from './checkout.contract'
import { CUSTOMER_SORTS } from './customers.constants'
import { invoiceStatus } from './invoices.contract'
import { currencyCode, money } from './money'
import { defineSubject } from './rpc'
import { say } from './say'

/** Said in more than one place. */
const CHOOSE_CUSTOMER = /*i18n*/ { id: 'customers.chooseCustomer', message: 'Choose a customer' }

/**
 * Customers: a seller's clients as people — everyone who bought from them or was sent an invoice, one row
 * each, matched by e-mail (by phone when there is no e-mail). Amounts are integer minor units per currency.
 */

/** `e:{e-mail}` or `p:{phone}`: who a customer is, as the seller's book keys them. */
const customerKey = z
  .string({ error: say(CHOOSE_CUSTOMER) })
  .regex(/^(e:.+@.+|p:\d{8,15})$/, say(CHOOSE_CUSTOMER))
  .max(300)

export const customerSummary = z.object({
  key: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** What they paid, per currency (refunds and unpaid invoices not counted). */
  spent: z.array(money),
  /** Paid orders and invoices with something paid. */
  purchases: z.number().int(),
  firstAt: z.string().nullable(),
  lastAt: z.string().nullable(),
})
export type CustomerSummary = z.infer<typeof customerSummary>

export const customersContract = {
  listCustomers: defineSubject({
    kind: 'query',
    access: 'seller',
    summary:
      'The seller’s clients, one row each, from their orders and invoices: searched (name, e-mail, phone), ' +
      'filtered (bought a product, spent over an amount, last seen before a day) and sorted.',
    input: z.strictObject({
      query: z.string().trim().max(120).default(''),
      sort: z
        .enum(CUSTOMER_SORTS, {
          error: say(/*i18n*/ { id: 'customers.chooseHowSort', message: 'Choose how to sort' }),
        })
        .default('recent'),
      productId: z
        .uuid({ error: say(/*i18n*/ { id: 'customers.chooseProduct', message: 'Choose a product' }) })
        .optional(),
      spentOver: money.optional(),
      lastBefore: z.iso
        .date({
          error: say(/*i18n*/ { id: 'customers.giveDayAsYYYY', message: 'Give the day as YYYY-MM-DD' }),
        })
        .optional(),
      /** Sorting by what was spent compares this currency; by default the seller’s own. */
      currency: currencyCode.optional(),
      /** The last client shown, as the previous page's nextCursor gave it. */
      cursor: z
        .string()
        .regex(/^[\w-]{1,600}$/, say(/*i18n*/ { id: 'customers.startAgain', message: 'Start again' }))
        .optional(),
      limit: z.number().int().min(1).max(500).default(50),
    }),
    output: z.object({ customers: z.array(customerSummary), nextCursor: z.string().nullable() }),
  }),
  getCustomer: defineSubject({
    kind: 'query',
    access: 'seller',
    summary:
      'One client: their orders and invoices with statuses, totals per currency, and the seller’s note.',
    input: z.strictObject({ key: customerKey }),
    output: z.object({
      customer: customerSummary,
      note: z.string(),
      orders: z.array(
        z.object({
          id: z.string(),
          reference: z.string(),
          title: z.string(),
          status: orderStatus,
          total: money,
          at: z.string(),
        }),
      ),
      invoices: z.array(
        z.object({
          id: z.string(),
          number: z.string().nullable(),
          status: invoiceStatus,
          total: money,
          paid: z.number().int(),
          at: z.string(),
        }),
      ),
    }),
  }),
  updateCustomerNote: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'What the seller keeps about a client (only they see it); empty removes it.',
    input: z.strictObject({
      key: customerKey,
      note: z
        .string({ error: say(/*i18n*/ { id: 'customers.writeNote', message: 'Write a note' }) })
        .trim()
        .max(
          2000,
          say(/*i18n*/ { id: 'customers.keepNoteCharacters', message: 'Keep the note to 2,000 characters' }),
        ),
    }),
    output: z.object({ note: z.string() }),
  }),
}
