/**
 * Platform figures that the server's settings and the marketing pages both state. They are kept here,
 * without zod, so the build can put them into prerendered pages and the two can never disagree.
 */

/** Soko's fee on each sale, in basis points (500 = 5%). */
export const SALE_FEE_BPS = 500

/** Days a sale's earnings are held before they can be withdrawn. */
export const PAYOUT_HOLD_DAYS = 7

/**
 * Where the build's prerendered pages and payloads state the hold: the server writes the running value
 * (`HOLD_DAYS`) in its place when it loads them (server/web/figures.ts), so a changed hold needs no rebuild.
 */
export const HOLD_DAYS_MARK = '[[hold-days]]'

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
