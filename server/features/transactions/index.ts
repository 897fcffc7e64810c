/**
 * Transactions: the money each person sees moving (a seller's sales and payouts, a buyer's purchases)
 * and sellers' balances. Offers its RPC handlers and the balances that payouts draw on.
 */

export { transactionsHandlers } from './transactions.handlers'
export { sellerBalances } from './transactions.service'
