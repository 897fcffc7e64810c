import { z } from 'zod'
import { PRODUCT_KINDS } from './catalog.constants'
import { orderStatus } from './checkout.contract'
import { currencyCode } from './money'
import { defineSubject } from './rpc'

/**
 * The account's home (/account): one read that opens a seller's dashboard — money, sales against last
 * month, the next payout, what needs them, the latest orders — or, for someone who only buys, what they
 * bought and what is coming up. Amounts are integer minor units with their currency.
 */

const amount = z.number().int()
const instant = z.string()

/** Sales in one currency over a stretch of the seller's days: their total (orders' totals) and how many. */
const salesFigure = z.object({ amount, count: z.number().int() })

export const homeSales = z.object({
  currency: currencyCode,
  /** Since midnight today, the seller's time. */
  today: salesFigure,
  /** Since the 1st of this month, the seller's time, today included. */
  month: salesFigure,
  /**
   * The same number of days last month (its 1st to the same date, or to its last day when it is shorter),
   * whole days: what `month` is compared with.
   */
  lastMonth: salesFigure,
})

/** What the ledger owes the seller in one currency: withdrawable now, and still in the hold. */
export const homeBalance = z.object({
  currency: currencyCode,
  available: amount,
  held: amount,
  /** When the next held earnings become available; null when nothing is held. */
  nextAvailableAt: instant.nullable(),
})

/**
 * The next money out: a standard payout already asked for, waiting for its run (`requested`), or what the
 * seller's schedule would send at its next run from the balance now (`schedule`), which sends nothing when
 * that is below `minimum`.
 */
export const homeNextPayout = z.object({
  source: z.enum(['requested', 'schedule']),
  at: instant,
  /** What arrives (requested), or what is available to send now (schedule). */
  amount,
  currency: currencyCode,
  /** As people read it: "M-Pesa 0712 345 678". */
  destination: z.string(),
  /** The least a run sends (the schedule's and Soko's, whichever is more); 0 for a requested payout. */
  minimum: amount,
})

export const NEED_KINDS = [
  'invoice-overdue',
  'invoice-due',
  'booking-today',
  'event-door',
  'payout-approval',
  'payout-failed',
  'destination-waiting',
] as const
export type NeedKind = (typeof NEED_KINDS)[number]

/**
 * Something that needs the seller, with what a link to it needs (`id`): an invoice (its id), a booking
 * (the order's), an event (the product's), a payout, a destination.
 */
export const homeNeed = z.object({
  kind: z.enum(NEED_KINDS),
  id: z.string(),
  /** "INV-0004 · Amani Studio", the service's or the event's title, "KES 1,000.00 to M-Pesa 0712 345 678". */
  title: z.string(),
  /** A booking's or an event's start, when a payout failed, when a destination can receive money. */
  at: instant.nullable(),
  /** An invoice's due date, YYYY-MM-DD. */
  dueDate: z.string().nullable(),
  /** An invoice's amount still due. */
  amount: amount.nullable(),
  currency: currencyCode.nullable(),
})

/** One order, as a list on the home page shows it. */
export const homeOrder = z.object({
  id: z.string(),
  reference: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  /** What was bought: the product, and the variant, ticket type or time when there is one. */
  title: z.string(),
  /** When it was paid (when it was placed, if never). */
  at: instant,
  /** The seller's view: the order's total in the product's currency; the buyer's: what they were charged. */
  amount,
  currency: currencyCode,
  status: orderStatus,
  /** The seller's view: the buyer's name; the buyer's view: the seller's storefront name. */
  party: z.string(),
})

/** Something coming up for a buyer: an event they have tickets for, or a booked time. */
export const homeUpcoming = z.object({
  orderId: z.string(),
  title: z.string(),
  start: instant,
  end: instant.nullable(),
  /** The event's or the service's own zone, to state its time as the seller set it. */
  timeZone: z.string(),
  /** Tickets in the order (1 for a booking). */
  quantity: z.number().int(),
})

export const sellerHome = z.object({
  role: z.literal('seller'),
  /** The seller's zone (their settings), in which days and months were counted. */
  timeZone: z.string(),
  /** The instant the figures are for. */
  asOf: instant,
  storefront: z.object({ handle: z.string(), displayName: z.string() }),
  /** Every currency the seller has entries in, the one they sell most in first; empty before a sale. */
  balances: z.array(homeBalance),
  /** Each currency sold in this month or last; empty when neither has a sale. */
  sales: z.array(homeSales),
  nextPayout: homeNextPayout.nullable(),
  /** Soonest first: overdue invoices, then what is due, today's bookings, doors, payouts, destinations. */
  needs: z.array(homeNeed),
  /** The five latest paid (or refunded) orders, newest first. */
  latestOrders: z.array(homeOrder),
  /** For the first steps: published products, destinations that can be paid (or will), and any sale. */
  setup: z.object({
    products: z.number().int(),
    destinations: z.number().int(),
    sold: z.boolean(),
  }),
})

export const buyerHome = z.object({
  role: z.literal('buyer'),
  /** The five latest purchases, newest first. */
  purchases: z.array(homeOrder),
  /** The five latest paid downloads, newest first. */
  downloads: z.array(homeOrder),
  /** Events still to come (or under way), soonest first; at most five. */
  tickets: z.array(homeUpcoming),
  /** Booked times still to come (or under way), soonest first; at most five. */
  bookings: z.array(homeUpcoming),
})

export type HomeSales = z.infer<typeof homeSales>
export type HomeBalance = z.infer<typeof homeBalance>
export type HomeNextPayout = z.infer<typeof homeNextPayout>
export type HomeNeed = z.infer<typeof homeNeed>
export type HomeOrder = z.infer<typeof homeOrder>
export type HomeUpcoming = z.infer<typeof homeUpcoming>
export type SellerHome = z.infer<typeof sellerHome>
export type BuyerHome = z.infer<typeof buyerHome>
export type AccountHome = SellerHome | BuyerHome

export const accountHomeContract = {
  getAccountHome: defineSubject({
    kind: 'query',
    access: 'user',
    summary:
      'What /account opens on. A seller gets their dashboard: available and held balance per currency; ' +
      'sales today and this month per currency, with the same days of last month to compare (days in their ' +
      'time zone); the next payout (when, how much, where); what needs them (unpaid invoices due within 7 ' +
      'days or overdue, bookings today, an event’s door within 7 days, a payout waiting for approval or ' +
      'failed in the last 14 days, a destination still in its waiting period); the five latest orders; ' +
      'and how far their first steps are. Anyone else gets their latest purchases and downloads, and the ' +
      'tickets and bookings to come.',
    input: z.strictObject({}),
    output: z.discriminatedUnion('role', [sellerHome, buyerHome]),
  }),
}
