/**
 * The catalog: sellers' products, their files and images, the public storefront pages and the exchange
 * rates. Offers its RPC handlers, reading products and what is on sale, the storefront's pages, the rates,
 * and the upload helpers that downloads and the demo data use.
 */

export { catalogHandlers } from './catalog.handlers'
export type { AssetRow, ProductRow } from './catalog.service'
export { byKind, createProduct, publishProduct, readyAssets, toFile, toImage } from './catalog.service'
export { hasCategory, isBookable } from './exists'
export { membersHeld } from './held'
export { onSale, sellerListed } from './listed'
export { plainText, sanitizeDescription } from './rich-text'
export {
  creatorPage,
  creatorsPage,
  currentRates,
  explorePage,
  homeProducts,
  loadRates,
  productPage,
  soldOutNow,
} from './storefront.service'
export { currentDigest, deleteAssetObjects, imageVariants, partSizeFor } from './uploads.service'
export type { UpsellOffer } from './upsell'
export { upsellOffer } from './upsell'
