/** What the server answers about transactions: each a stable code (the id) with its English. */
export const TRANSACTIONS = {
  sellersOnly: /*i18n*/ {
    id: 'transactions.sellersOnly',
    message:
      'Only sellers have sales to list: set up your storefront at /register first, or list your payments as a buyer',
  },
  pageMarkerNotValid: /*i18n*/ {
    id: 'transactions.pageMarkerNotValid',
    message: 'That page marker is not valid',
  },
}

/** Per-field messages of the same answers. */
export const TRANSACTIONS_FIELD = {
  startAgain: /*i18n*/ { id: 'transactions.field.startAgain', message: 'Start again' },
}
