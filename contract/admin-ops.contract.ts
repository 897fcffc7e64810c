import { z } from 'zod'
import { adminReason } from './admin-people.contract'
import { PRODUCT_KINDS } from './catalog.constants'
import { currencyCode, money } from './money'
import { PAYOUT_RAILS, PAYOUT_STATUSES } from './payouts.constants'
import { payout } from './payouts.contract'
import { REPORT_REASON_TEXT } from './report-reasons'
import { defineSubject } from './rpc'
import { say } from './say'

/** The records an admin acts on, by id. */
const CHOOSE_PRODUCT = say(/*i18n*/ { id: 'adminOps.chooseProduct', message: 'Choose a product' })
const CHOOSE_REPORT = say(/*i18n*/ { id: 'adminOps.chooseReport', message: 'Choose a report' })
const CHOOSE_ORDER = say(/*i18n*/ { id: 'adminOps.chooseOrder', message: 'Choose an order' })
const CHOOSE_PAYOUT = say(/*i18n*/ { id: 'adminOps.choosePayout', message: 'Choose a payout' })
const CHOOSE_DESTINATION = say(/*i18n*/ { id: 'adminOps.chooseDestination', message: 'Choose a destination' })

/** Said in more than one place. */
const PASS_NEXT_PREVIOUS_PAGE = /*i18n*/ {
  id: 'adminOps.passNextPreviousPage',
  message: 'Pass the `next` of the previous page',
}

const id = (error: string) => z.uuid({ error })
const search = z
  .string()
  .trim()
  .max(
    100,
    say(/*i18n*/ { id: 'adminOps.searchMostCharacters', message: 'Search with at most 100 characters' }),
  )
  .default('')
export const REPORT_REASONS = Object.keys(REPORT_REASON_TEXT) as [
  keyof typeof REPORT_REASON_TEXT,
  ...(keyof typeof REPORT_REASON_TEXT)[],
]

const period = z.object({
  days: z.number().int(),
  sales: z.array(money),
  fees: z.array(money),
  refunds: z.array(money),
  orders: z.number().int(),
})

export const adminProduct = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  status: z.enum(['draft', 'published', 'archived']),
  price: money,
  seller: z.object({ id: z.string(), handle: z.string(), displayName: z.string(), suspended: z.boolean() }),
  openReports: z.number().int(),
  createdAt: z.string(),
})

export const productReport = z.object({
  id: z.string(),
  product: z.object({ id: z.string(), title: z.string(), slug: z.string(), status: z.string() }),
  seller: z.object({ id: z.string(), handle: z.string() }),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  reporter: z.string().nullable(),
  status: z.enum(['open', 'dismissed', 'actioned']),
  resolution: z.string().nullable(),
  createdAt: z.string(),
})

export const adminOrder = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.string(),
  kind: z.string(),
  title: z.string(),
  buyer: z.object({ id: z.string(), email: z.string(), name: z.string(), phone: z.string().nullable() }),
  seller: z.object({ id: z.string(), handle: z.string() }),
  total: z.number().int(),
  currency: currencyCode,
  method: z.string(),
  charge: money,
  providerRef: z.string().nullable(),
  receipt: z.string().nullable(),
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  fee: z.object({ feeBps: z.number(), feeFixed: z.number(), holdDays: z.number() }),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
})

export const adminOpsContract = {
  getAdminDashboard: defineSubject({
    kind: 'query',
    access: 'admin',
    summary:
      'The marketplace at a glance: sales, fees and refunds per currency for today, 7 and 30 days; payouts ' +
      'waiting or failed; payments failing by method and reason; new sellers; open reviews, reports and ' +
      'recent contact messages.',
    input: z.strictObject({}),
    output: z.object({
      periods: z.array(period),
      payouts: z.object({ approval: z.number().int(), bank: z.number().int(), failed: z.number().int() }),
      failingPayments: z.array(
        z.object({ method: z.string(), code: z.string(), reason: z.string(), count: z.number().int() }),
      ),
      newSellers: z.object({ week: z.number().int(), month: z.number().int() }),
      openReviews: z.number().int(),
      openReports: z.number().int(),
      contactMessages: z.number().int(),
    }),
  }),
  listAdminProducts: defineSubject({
    kind: 'query',
    access: 'admin',
    summary:
      'Every product on Soko, newest first, found by title, address or seller; reported ones first when asked.',
    input: z.strictObject({
      q: search,
      status: z.enum(['all', 'published', 'draft', 'archived']).default('all'),
      reported: z.boolean().default(false),
      cursor: z.uuid({ error: say(PASS_NEXT_PREVIOUS_PAGE) }).optional(),
    }),
    output: z.object({ products: z.array(adminProduct), next: z.string().nullable() }),
  }),
  adminUnpublishProduct: defineSubject({
    kind: 'mutation',
    access: 'admin',
    summary:
      'Takes a product off the storefront (it becomes a draft); the seller gets the reason by e-mail. Its ' +
      'open reports are closed as acted on.',
    input: z.strictObject({
      id: id(CHOOSE_PRODUCT),
      reason: adminReason({
        missing: say(/*i18n*/ { id: 'adminOps.whyUnpublish', message: 'Say why you unpublish it' }),
        short: say(
          /*i18n*/ {
            id: 'adminOps.whyUnpublishShort',
            message: 'Say why you unpublish it (at least 5 characters)',
          },
        ),
      }),
    }),
    output: z.object({ product: adminProduct }),
  }),
  reportProduct: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary:
      'Anyone tells Soko that a product breaks the rules. Limited per address and per account; the same ' +
      'person reporting a product again while their report is open changes nothing.',
    input: z.strictObject({
      productId: id(CHOOSE_PRODUCT),
      reason: z.enum(REPORT_REASONS, {
        error: say(/*i18n*/ { id: 'adminOps.chooseWhatWrong', message: 'Choose what is wrong' }),
      }),
      details: z
        .string()
        .trim()
        .max(
          1000,
          say(
            /*i18n*/ {
              id: 'adminOps.keepDetailsUnderCharacters',
              message: 'Keep the details under 1,000 characters',
            },
          ),
        )
        .default(''),
      email: z
        .email({
          error: say(
            /*i18n*/ {
              id: 'adminOps.enterEMailAddress',
              message: 'Enter an e-mail address like name@example.com',
            },
          ),
        })
        .max(254)
        .optional(),
    }),
    output: z.object({ ok: z.literal(true) }),
  }),
  listProductReports: defineSubject({
    kind: 'query',
    access: 'admin',
    summary: 'Reports from product pages: open ones oldest first, or closed ones newest first.',
    input: z.strictObject({ status: z.enum(['open', 'closed']).default('open') }),
    output: z.object({ reports: z.array(productReport) }),
  }),
  dismissProductReport: defineSubject({
    kind: 'mutation',
    access: 'admin',
    summary: 'Closes a report without acting on the product, with a note for the log.',
    input: z.strictObject({
      id: id(CHOOSE_REPORT),
      note: adminReason({
        missing: say(/*i18n*/ { id: 'adminOps.whyDismiss', message: 'Say why you dismiss it' }),
        short: say(
          /*i18n*/ {
            id: 'adminOps.whyDismissShort',
            message: 'Say why you dismiss it (at least 5 characters)',
          },
        ),
      }),
    }),
    output: z.object({ report: productReport }),
  }),
  findOrders: defineSubject({
    kind: 'query',
    access: 'admin',
    summary:
      "Orders found by reference, the buyer's e-mail or phone, an M-Pesa receipt or a provider's id, " +
      'newest first.',
    input: z.strictObject({ q: search }),
    output: z.object({ orders: z.array(adminOrder) }),
  }),
  getAdminOrder: defineSubject({
    kind: 'query',
    access: 'admin',
    summary: 'One order with every payment event as the provider sent it, and its refund if any.',
    input: z.strictObject({ id: id(CHOOSE_ORDER) }),
    output: z.object({
      order: adminOrder,
      events: z.array(
        z.object({
          provider: z.string(),
          eventId: z.string(),
          type: z.string(),
          payload: z.unknown(),
          receivedAt: z.string(),
        }),
      ),
      refund: z
        .object({
          status: z.string(),
          amount: z.number().int(),
          currency: currencyCode,
          reason: z.string(),
          failure: z.string().nullable(),
          createdAt: z.string(),
        })
        .nullable(),
    }),
  }),
  adminRefundOrder: defineSubject({
    kind: 'mutation',
    access: 'admin',
    summary:
      'Gives a paid order’s money back to the buyer through its method, with the reason. Never a sale of ' +
      'the admin’s own (403).',
    input: z.strictObject({
      id: id(CHOOSE_ORDER),
      reason: adminReason({
        missing: say(/*i18n*/ { id: 'adminOps.whyRefund', message: 'Say why you refund it' }),
        short: say(
          /*i18n*/ {
            id: 'adminOps.whyRefundShort',
            message: 'Say why you refund it (at least 5 characters)',
          },
        ),
      }),
    }),
    output: z.object({ status: z.string() }),
  }),
  resendReceipt: defineSubject({
    kind: 'mutation',
    access: 'admin',
    summary: 'Sends a paid order’s receipt to the buyer again.',
    input: z.strictObject({ id: id(CHOOSE_ORDER) }),
    output: z.object({ sentTo: z.string() }),
  }),
  adminListPayouts: defineSubject({
    kind: 'query',
    access: 'admin',
    summary: 'Every payout, newest first, filtered by status, rail or seller.',
    input: z.strictObject({
      status: z.enum(PAYOUT_STATUSES).optional(),
      rail: z.enum(PAYOUT_RAILS).optional(),
      q: search,
      cursor: z.uuid({ error: say(PASS_NEXT_PREVIOUS_PAGE) }).optional(),
      limit: z.number().int().min(1).max(500).default(50),
    }),
    output: z.object({ payouts: z.array(payout), next: z.string().nullable() }),
  }),
  listRetryDestinations: defineSubject({
    kind: 'query',
    access: 'admin',
    summary:
      'Where a failed or returned payout can be sent again: the seller’s destinations that take its ' +
      'currency and are past their wait, the payout’s own first when it is one of them.',
    input: z.strictObject({ payoutId: id(CHOOSE_PAYOUT) }),
    output: z.object({
      destinations: z.array(
        z.object({
          id: z.string(),
          label: z.string(),
          /** The destination the payout was sent to. */
          own: z.boolean(),
        }),
      ),
    }),
  }),
  retryPayout: defineSubject({
    kind: 'mutation',
    access: 'admin',
    summary:
      'Sends a failed or returned payout again, as a new payout of the same amount to a destination the ' +
      'seller has now (after they fixed it). Never the admin’s own payout (403).',
    input: z.strictObject({ payoutId: id(CHOOSE_PAYOUT), methodId: id(CHOOSE_DESTINATION) }),
    output: z.object({ payout }),
  }),
}
