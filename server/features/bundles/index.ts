/**
 * Bundles: a seller's products sold together at one price (made, changed, put on sale, deleted), shown on
 * the storefront, and bought as one order with a line per part.
 */

export { bundlesHandlers } from './bundles.handlers'
export { storefrontBundles } from './bundles.service'
