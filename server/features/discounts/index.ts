/**
 * Discount codes: a seller's codes (made, listed with their uses, paused), and what a code takes off an
 * order, checked against its rules and counted under its row lock when the order is placed.
 */

export { discountsHandlers } from './discounts.handlers'
export { type AppliedDiscount, applyCode } from './discounts.service'
