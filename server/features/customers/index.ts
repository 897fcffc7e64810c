/**
 * A seller's clients, from their paid orders and sent invoices: the list, one client's records and the
 * seller's note on them. Offers its RPC handlers.
 */

export { customersHandlers } from './customers.handlers'
