/**
 * Platform figures that the server's settings and the marketing pages both state. They are kept here,
 * without zod, so the build can put them into prerendered pages and the two can never disagree.
 */

/** Soko's fee on each sale, in basis points (500 = 5%). */
export const SALE_FEE_BPS = 500

/**
 * What a seller pays for one SMS reminding a buyer of a checkout left unpaid, by the order's currency, in
 * minor units: about what the SMS costs Soko (admins change it in the platform terms).
 */
export const RECOVERY_SMS_PRICE = {
  KES: 1_00,
  UGX: 30,
  TZS: 20_00,
  RWF: 10,
  NGN: 10_00,
  GHS: 10,
  ZAR: 15,
  USD: 1,
  EUR: 1,
  GBP: 1,
} as const

/** Days a sale's earnings are held before they can be withdrawn. */
export const PAYOUT_HOLD_DAYS = 7

/**
 * Where the build's prerendered pages and payloads state the hold: the server writes the running value
 * (`HOLD_DAYS`) in its place when it loads them (server/web/figures.ts), so a changed hold needs no rebuild.
 */
export const HOLD_DAYS_MARK = '[[hold-days]]'

/** A hold's length as people read it: `1 day`, `7 days`. */
export const daysText = (days: number) => `${days} day${days === 1 ? '' : 's'}`

/** An order's hold in a few words: `held 7 days`, or `available at once` when there is none. */
export const holdText = (days: number) => (days > 0 ? `held ${daysText(days)}` : 'available at once')

/**
 * Where the build's pages say something about the hold: `withHold` when there is one (`{days}` becomes
 * `7 days`), `without` when the hold in force is 0, so a page never says "held for 0 days". Neither text
 * may hold `|` or `]`.
 */
export const holdMark = (withHold: string, without: string) => `[[hold|${withHold}|${without}]]`

/**
 * What the marketing pages say of the hold, as marks the server fills with the hold in force: the English
 * content's words (content.sw.ts writes its own Kiswahili, src/features/marketing).
 */
export const HOLD_WORDS = {
  /** The home page's last step. */
  // i18n-ignore: English marketing content, its Kiswahili twin is content.sw.ts
  step: holdMark('Earnings become available after {days}.', 'Earnings are available at once.'),
  /** The pricing page's "When can I withdraw?". */
  withdraw: holdMark(
    // i18n-ignore: English marketing content, its Kiswahili twin is content.sw.ts
    'Earnings from a sale are held for {days}, in case of a refund, then you can withdraw them at once or on a schedule.',
    // i18n-ignore: English marketing content, its Kiswahili twin is content.sw.ts
    'Earnings from a sale are available at once: withdraw them straight away or on a schedule.',
  ),
}

/** Where the build's pages state Soko's fee (`5%`); the server writes the fee in force there. */
export const SALE_FEE_MARK = '[[sale-fee]]'

/**
 * Where a worked example states Soko's fee on a sale of `sale` minor units, or what the seller keeps: the
 * server writes the amounts the terms in force give, fixed part included.
 */
export const exampleMark = (what: 'fee' | 'net', currency: string, sale: number) =>
  `[[${what}:${currency}:${sale}]]`

/** The fee as people read it: `5%`. */
export const SALE_FEE_TEXT = `${SALE_FEE_BPS / 100}%`
