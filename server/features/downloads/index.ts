/** A buyer's downloads: a signed address of a file they bought. Offers its RPC handlers. */

export { downloadsHandlers } from './downloads.handlers'
