/** The words of a bundle's plain page (bundle.routes.ts), in the buyer's language. */
export const BUNDLE = {
  includes: /*i18n*/ { id: 'plain.bundle.includes', message: 'In this bundle' },
  part: /*i18n*/ { id: 'plain.bundle.part', message: '{title} ({label}): {price} alone' },
  partPlain: /*i18n*/ { id: 'plain.bundle.partPlain', message: '{title}: {price} alone' },
  saving: /*i18n*/ {
    id: 'plain.bundle.saving',
    message: '{price} for all of them, instead of {worth}: you save {saving}',
  },
  nameFor: /*i18n*/ { id: 'plain.bundle.nameFor', message: 'Name on the ticket to {title}' },
  share: /*i18n*/ { id: 'plain.bundle.share', message: '{title}: {price} (alone {list})' },
  cannotBuy: /*i18n*/ { id: 'plain.bundle.cannotBuy', message: 'This bundle cannot be bought right now' },
  seeStore: /*i18n*/ { id: 'plain.bundle.seeStore', message: 'See {seller}’s storefront' },
}
