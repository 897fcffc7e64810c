/**
 * Platform figures that the server's settings and the marketing pages both state. They are kept here,
 * without zod, so the build can put them into prerendered pages and the two can never disagree.
 */

/** Soko's fee on each sale, in basis points (500 = 5%). */
export const SALE_FEE_BPS = 500

/** Days a sale's earnings are held before they can be withdrawn. */
export const PAYOUT_HOLD_DAYS = 7

/** The fee as people read it: `5%`. */
export const SALE_FEE_TEXT = `${SALE_FEE_BPS / 100}%`
