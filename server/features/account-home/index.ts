/**
 * The account's home: one read that opens /account on a seller's dashboard (money, sales, the next payout,
 * what needs them, the latest orders) or a buyer's purchases and what is to come. It reads what payouts,
 * transactions and settings offer, and the tables of checkout, invoices and catalog; nothing builds on it.
 * Offers its RPC handler.
 */

export { accountHomeHandlers } from './account-home.handlers'
