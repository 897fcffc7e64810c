/** What the server answers about admin: each a stable code (the id) with its English. */
export const ADMIN = {
  noSuchPerson: /*i18n*/ { id: 'admin.noSuchPerson', message: 'There is no such person' },
  lastAdmin: /*i18n*/ {
    id: 'admin.lastAdmin',
    message: 'Soko needs at least one admin: make someone else an admin first',
  },
  noSuchOrder: /*i18n*/ { id: 'admin.noSuchOrder', message: 'There is no such order' },
  onlyPaidOrderReceipt: /*i18n*/ {
    id: 'admin.onlyPaidOrderReceipt',
    message: 'Only a paid order has a receipt to send',
  },
  noSuchPayout: /*i18n*/ { id: 'admin.noSuchPayout', message: 'There is no such payout' },
  onlyFailedReturnedPayout: /*i18n*/ {
    id: 'admin.onlyFailedReturnedPayout',
    message: 'Only a failed or returned payout can be sent again',
  },
  chooseDestinationForCurrency: /*i18n*/ {
    id: 'admin.chooseDestinationForCurrency',
    message: "Choose one of the seller's destinations that takes {currency}",
  },
  payoutAlreadySentAgain: /*i18n*/ {
    id: 'admin.payoutAlreadySentAgain',
    message: 'This payout was already sent again',
  },
  cannotSuspendYourself: /*i18n*/ {
    id: 'admin.cannotSuspendYourself',
    message: 'You cannot suspend yourself',
  },
  alreadySuspended: /*i18n*/ { id: 'admin.alreadySuspended', message: 'They are already suspended' },
  notSuspended: /*i18n*/ { id: 'admin.notSuspended', message: 'They are not suspended' },
  cannotRemoveOwnAdmin: /*i18n*/ {
    id: 'admin.cannotRemoveOwnAdmin',
    message: 'You cannot remove your own admin role: ask another admin',
  },
  noStorefrontYet: /*i18n*/ {
    id: 'admin.noStorefrontYet',
    message: 'They have no storefront yet: they set one up at /register',
  },
  noSuchMailOutbox: /*i18n*/ { id: 'admin.noSuchMailOutbox', message: 'There is no such mail in the outbox' },
  noSuchProduct: /*i18n*/ { id: 'admin.noSuchProduct', message: 'There is no such product' },
  productNotPublished: /*i18n*/ { id: 'admin.productNotPublished', message: 'This product is not published' },
  productNotOnSale: /*i18n*/ {
    id: 'admin.productNotOnSale',
    message: 'This product is not on sale any more',
  },
  noSuchReport: /*i18n*/ { id: 'admin.noSuchReport', message: 'There is no such report' },
  reportAlreadyClosed: /*i18n*/ { id: 'admin.reportAlreadyClosed', message: 'This report is already closed' },
  alreadyAdmin: /*i18n*/ { id: 'admin.alreadyAdmin', message: 'They are already an admin' },
  notAdmin: /*i18n*/ { id: 'admin.notAdmin', message: 'They are not an admin' },
  alreadySeller: /*i18n*/ { id: 'admin.alreadySeller', message: 'They are already a seller' },
  notSeller: /*i18n*/ { id: 'admin.notSeller', message: 'They are not a seller' },
  ownPayoutReview: /*i18n*/ {
    id: 'admin.ownPayoutReview',
    message: 'You cannot approve or reject your own payout: another admin must review it',
  },
  ownPayoutMark: /*i18n*/ {
    id: 'admin.ownPayoutMark',
    message: 'You cannot mark your own bank payout: another admin must record the transfer',
  },
  ownPayoutRetry: /*i18n*/ {
    id: 'admin.ownPayoutRetry',
    message: 'You cannot send your own payout again: another admin must',
  },
  ownVerification: /*i18n*/ {
    id: 'admin.ownVerification',
    message: 'You cannot review your own identity check: another admin must',
  },
  ownSaleRefund: /*i18n*/ {
    id: 'admin.ownSaleRefund',
    message: 'You cannot refund your own sale: another admin must',
  },
}

/** Per-field messages of the same answers. */
export const ADMIN_FIELD = {
  notFound: /*i18n*/ { id: 'admin.field.notFound', message: 'Not found' },
  notTheirDestination: /*i18n*/ {
    id: 'admin.field.notTheirDestination',
    message: 'Not a destination of theirs for {currency}',
  },
  thatIsYou: /*i18n*/ { id: 'admin.field.thatIsYou', message: 'That is you' },
  alreadySuspended: /*i18n*/ { id: 'admin.field.alreadySuspended', message: 'Already suspended' },
  notSuspended: /*i18n*/ { id: 'admin.field.notSuspended', message: 'Not suspended' },
  noStorefrontYet: /*i18n*/ { id: 'admin.field.noStorefrontYet', message: 'No storefront yet' },
  notSale: /*i18n*/ { id: 'admin.field.notSale', message: 'Not on sale' },
  alreadyHasIt: /*i18n*/ { id: 'admin.field.alreadyHasIt', message: 'Already has it' },
  doesNotHaveIt: /*i18n*/ { id: 'admin.field.doesNotHaveIt', message: 'Does not have it' },
}
