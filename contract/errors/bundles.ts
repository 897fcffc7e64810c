/** What the server answers about bundles: each a stable code (the id) with its English. */
export const BUNDLES = {
  noSuchBundle: /*i18n*/ { id: 'bundles.noSuchBundle', message: 'There is no such bundle among yours' },
  notOnSale: /*i18n*/ { id: 'bundles.notOnSale', message: 'This bundle is not on sale' },
  tooMany: /*i18n*/ {
    id: 'bundles.tooMany',
    message: 'You have {max} bundles already: delete one you no longer sell, then make another',
  },
  notYours: /*i18n*/ { id: 'bundles.notYours', message: 'Choose products of your own' },
  service: /*i18n*/ {
    id: 'bundles.service',
    message: '{title} is a service: a bundle holds downloads, tickets and merch',
  },
  membership: /*i18n*/ {
    id: 'bundles.membership',
    message: '{title} is a membership: a bundle holds downloads, tickets and merch',
  },
  offSale: /*i18n*/ {
    id: 'bundles.offSale',
    message: '{title} is not on sale: put it on sale before bundling it',
  },
  twice: /*i18n*/ { id: 'bundles.twice', message: '{title} is in the bundle twice' },
  oneEvent: /*i18n*/ { id: 'bundles.oneEvent', message: 'A bundle holds one event at most' },
  currency: /*i18n*/ {
    id: 'bundles.currency',
    message: '{title} is priced in {currency}: a bundle’s parts and price share one currency',
  },
  chooseItem: /*i18n*/ {
    id: 'bundles.chooseItem',
    message: 'Choose which variant or ticket type of {title} the bundle holds',
  },
  freePart: /*i18n*/ {
    id: 'bundles.freePart',
    message: '{title} is free: bundle products that have a price',
  },
  priceBelowWorth: /*i18n*/ {
    id: 'bundles.priceBelowWorth',
    message: 'Price the bundle below what its parts cost alone ({worth})',
  },
  priceAtLeast: /*i18n*/ { id: 'bundles.priceAtLeast', message: 'Price the bundle at {min} or more' },
  partOffSale: /*i18n*/ {
    id: 'bundles.partOffSale',
    message: '{title} is no longer on sale, so this bundle cannot be bought now',
  },
  partSoldOut: /*i18n*/ {
    id: 'bundles.partSoldOut',
    message: '{title} is sold out, so this bundle cannot be bought now',
  },
  partClosed: /*i18n*/ {
    id: 'bundles.partClosed',
    message: 'Tickets for {title} are not sold now, so this bundle cannot be bought now',
  },
  partCurrency: /*i18n*/ {
    id: 'bundles.partCurrency',
    message:
      '{title} is priced in another currency now, so this bundle cannot be bought until its seller changes it',
  },
  partsCheaper: /*i18n*/ {
    id: 'bundles.partsCheaper',
    message:
      'Its parts cost less alone now, so this bundle cannot be bought until its seller prices it again',
  },
  priceChanged: /*i18n*/ {
    id: 'bundles.priceChanged',
    message: 'The bundle’s price has just changed: check the new total, then pay',
  },
  ownBundle: /*i18n*/ { id: 'bundles.ownBundle', message: 'This is your own bundle: you cannot buy it' },
  namesPerTicket: /*i18n*/ {
    id: 'bundles.namesPerTicket',
    message: 'Give one name for the ticket to {title}',
  },
}
