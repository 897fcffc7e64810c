/**
 * Payouts: sellers' destinations, balances, requests and schedules, and sending the money. Offers its RPC
 * handlers, the owner of payout events, the payouts job's work, and the views and labels that admin shows.
 */

export { balances } from './balances'
export { addSignupMethod, methodLabel, payoutLabel, takes } from './methods'
export { payoutOwner } from './payout-events'
export { payoutsHandlers } from './payouts.handlers'
export { requestPayout, sellerTimeZone } from './payouts.service'
export { runSchedules, sendBatch, sendDue } from './schedule'
export { nextRun } from './schedule-time'
export { adminPayoutView, payoutView } from './view'
