/** Discount codes: limits and the shape of a code. Zod-free, for the client too. */

/** A seller's codes at most. */
export const MAX_DISCOUNT_CODES = 200
/** Letters, digits, dashes and underscores, 3 to 32 of them; matched without regard to case. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/
/** The query parameter of a shared link that applies a code: `/p/slug?code=NAIROBI20`. */
export const DISCOUNT_CODE_PARAM = 'code'
/** Where the server keeps a shared link's code for the checkout without script (a day, this browser). */
export const CODE_COOKIE = 'soko_code'
/** Codes a person may try in ten minutes before being told to wait (guessing is not a way in). */
export const DISCOUNT_TRIES_PER_10_MINUTES = 20

/** When an unpaid checkout's reminders go: an hour after it, then a day after it. The first may go by SMS. */
export const RECOVERY_DELAYS_MINUTES = [60, 24 * 60] as const
