import { z } from 'zod'
import { PAYMENT_METHODS } from './checkout.constants'
import { orderStatus, paymentMethod } from './checkout.contract'
import { currencyCode } from './money'
import { defineSubject } from './rpc'
import { say } from './say'

/** Said in more than one place. */
const START_AGAIN = /*i18n*/ { id: 'transactions.startAgain', message: 'Start again' }

/**
 * Transactions: a seller's books (sales, Soko's fees, refunds and, later, payouts, with a running balance
 * read from the ledger) and a buyer's payments and refunds. Amounts are integer minor units.
 */

/** What moves a seller's balance; `payout` (withdrawals) arrives with payouts. */
/** `sms`: a checkout reminder sent by SMS, charged to the seller. */
export const SELLER_MOVEMENT_KINDS = ['sale', 'fee', 'refund', 'payout', 'sms'] as const
/** What a buyer sees: money they paid, and money given back. */
export const BUYER_MOVEMENT_KINDS = ['payment', 'refund'] as const

const day = (error: string) => z.iso.date({ error }).optional()

export const listTransactionsInput = z
  .strictObject({
    cursor: z
      .string({ error: say(START_AGAIN) })
      .max(100, say(START_AGAIN))
      .optional(),
    limit: z
      .number({
        error: say(/*i18n*/ { id: 'transactions.giveHowManyRows', message: 'Give how many rows to list' }),
      })
      .int(say(/*i18n*/ { id: 'transactions.wholeNumberRows', message: 'A whole number of rows' }))
      .min(1, say(/*i18n*/ { id: 'transactions.leastRow', message: 'At least 1 row' }))
      .max(50, say(/*i18n*/ { id: 'transactions.mostRowsTime', message: 'At most 50 rows at a time' }))
      .default(20),
    /** First day listed, inclusive, in UTC. */
    from: day(
      say(
        /*i18n*/ {
          id: 'transactions.firstDate',
          message: 'Give the first date as YYYY-MM-DD, e.g. 2026-01-31',
        },
      ),
    ),
    /** Last day listed, inclusive, in UTC. */
    to: day(
      say(
        /*i18n*/ {
          id: 'transactions.lastDate',
          message: 'Give the last date as YYYY-MM-DD, e.g. 2026-01-31',
        },
      ),
    ),
    /**
     * Only one kind of movement. A seller's are sale, fee, refund and payout; a buyer's payment and
     * refund. A kind the caller's books do not have lists nothing.
     */
    kind: z
      .enum([...SELLER_MOVEMENT_KINDS, 'payment'], {
        error: () =>
          say(
            /*i18n*/ {
              id: 'transactions.chooseSaleFeeRefund',
              message: 'Choose sale, fee, refund, payout or payment',
            },
          ),
      })
      .optional(),
    method: paymentMethod.optional(),
    /** Whose books: a seller's own by default (anyone else's as a buyer); only sellers may ask for `seller`. */
    as: z
      .enum(['seller', 'buyer'], {
        error: () =>
          say(/*i18n*/ { id: 'transactions.chooseSellerBuyer', message: 'Choose seller or buyer' }),
      })
      .optional(),
    /**
     * A seller's books in this currency (their movements, totals and chart); by default their own
     * currency: the only one they have sold in, else the one they are paid out in. A buyer's list is in
     * the currencies they were charged, whatever this says.
     */
    currency: currencyCode.optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    path: ['to'],
    message: say(
      /*i18n*/ {
        id: 'transactions.lastDayAfterFirst',
        message: 'The last day comes on or after the first day',
      },
    ),
  })

export type ListTransactionsInput = z.input<typeof listTransactionsInput>

const method = z.enum(PAYMENT_METHODS)

/**
 * One movement of a seller's balance, in the currency of the books listed. `amount` is positive for money in and
 * negative for money out: a sale is the order's total, its fee is minus Soko's fee, a refund is minus
 * the total and gives the fee back (plus). `balance` is the balance after this movement over all the
 * seller's movements, whatever the filters.
 */
export const sellerMovement = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(SELLER_MOVEMENT_KINDS),
  /** Null for movements without an order (payouts). */
  orderId: z.string().nullable(),
  reference: z.string().nullable(),
  /** What was sold: the product, and the variant, ticket type or time when there is one. */
  title: z.string(),
  /** A booking's time, for the reader to write in their own zone; null for anything else. */
  slot: z.object({ start: z.string(), end: z.string() }).nullable(),
  method: method.nullable(),
  amount: z.number().int(),
  currency: currencyCode,
  balance: z.number().int(),
  /** When this sale's earnings can be withdrawn (7 days after payment); null when not held. */
  availableAt: z.string().nullable(),
  /**
   * A sale made with a discount code: the code and what it took off (in the order's currency). The list
   * price is the sale's amount plus this; `fee` is Soko's fee on what was paid, so the seller keeps the
   * amount less it. Null for anything else.
   */
  discount: z.object({ code: z.string(), amount: z.number().int(), fee: z.number().int() }).nullable(),
})

/**
 * One movement of a buyer's money, in the currency they were charged in (M-Pesa charges KES, PayPal
 * USD, EUR or GBP): `amount` is positive for what they paid, negative for what came back.
 */
export const buyerMovement = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(BUYER_MOVEMENT_KINDS),
  orderId: z.string(),
  reference: z.string(),
  title: z.string(),
  /** A booking's time, for the reader to write in their own zone; null for anything else. */
  slot: z.object({ start: z.string(), end: z.string() }).nullable(),
  method,
  amount: z.number().int(),
  currency: currencyCode,
  /** The order's state now. */
  status: orderStatus,
})

/**
 * What the ledger owes a seller in one currency, whatever the filters: withdrawable now, still in the
 * 7-day hold, and when the next held earnings become available (null when nothing is held).
 */
export const sellerBalance = z.object({
  currency: currencyCode,
  available: z.number().int(),
  held: z.number().int(),
  nextAvailableAt: z.string().nullable(),
})

export const sellerBooks = z.object({
  role: z.literal('seller'),
  /**
   * The currency of these books (movements, totals, chart, available and held): the one asked for, else
   * the seller's own. Sales are owed in the product's currency, so a seller may have several.
   */
  currency: currencyCode,
  /**
   * Every currency the seller's account has entries in, with its balance: the seller's own currency
   * first, then the others by code. Empty before the first sale.
   */
  currencies: z.array(sellerBalance),
  movements: z.array(sellerMovement),
  nextCursor: z.string().nullable(),
  summary: z.object({
    /**
     * Over every page the filters select (not only this one): sales in, fees kept (less fees given
     * back), refunds and payouts out, all as positive amounts; net = sales − fees − refunds − payouts.
     */
    totals: z.object({
      sales: z.number().int(),
      fees: z.number().int(),
      refunds: z.number().int(),
      payouts: z.number().int(),
      net: z.number().int(),
    }),
    /** Withdrawable now, whatever the filters. */
    available: z.number().int(),
    /** Still in the 7-day hold, whatever the filters. */
    held: z.number().int(),
    /** When the next held earnings become available; null when nothing is held. */
    nextAvailableAt: z.string().nullable(),
    /** Net earnings of each of the last 30 days (UTC), oldest first, days without any included. */
    daily: z.array(z.object({ day: z.string(), net: z.number().int() })),
  }),
})

export const buyerBooks = z.object({
  role: z.literal('buyer'),
  movements: z.array(buyerMovement),
  nextCursor: z.string().nullable(),
})

export type SellerMovement = z.infer<typeof sellerMovement>
export type SellerBalance = z.infer<typeof sellerBalance>
export type BuyerMovement = z.infer<typeof buyerMovement>
export type SellerBooks = z.infer<typeof sellerBooks>
export type BuyerBooks = z.infer<typeof buyerBooks>

export const transactionsContract = {
  listTransactions: defineSubject({
    kind: 'query',
    access: 'user',
    summary:
      'Your transactions, newest first, a page at a time. A seller gets their books in one currency ' +
      '(their own, or the `currency` asked for): each sale and Soko’s fee on it, refunds (with the fee ' +
      'given back) and payouts, with the running balance, totals for the filters, what is available and ' +
      'what is held, and the last 30 days’ net; and the balance of every currency they have sold in. ' +
      'A buyer (or a seller asking `as: "buyer"`) gets their payments and refunds in the currency charged.',
    input: listTransactionsInput,
    output: z.discriminatedUnion('role', [sellerBooks, buyerBooks]),
  }),
}
