/** What the server answers about downloads: each a stable code (the id) with its English. */
export const DOWNLOADS = {
  orderNoFiles: /*i18n*/ { id: 'downloads.orderNoFiles', message: 'This order has no files' },
  fileNotInOrder: /*i18n*/ {
    id: 'downloads.fileNotInOrder',
    message: 'That file is not part of this purchase',
  },
  wrongDownload: /*i18n*/ { id: 'downloads.wrongDownload', message: 'That download is not of this file' },
  limitReached: /*i18n*/ {
    id: 'downloads.limitReached',
    message: 'You have used all {limit} downloads of {fileName}: ask the seller for more',
  },
  membershipNotActive: /*i18n*/ {
    id: 'downloads.membershipNotActive',
    message: 'This membership is paused or has ended: its files open again while it is active',
  },
  notPaidYet: /*i18n*/ { id: 'downloads.notPaidYet', message: 'This order is not paid yet' },
  refunded: /*i18n*/ {
    id: 'downloads.refunded',
    message: 'This purchase was refunded: its files are no longer available',
  },
}

/** Per-field messages of the same answers. */
export const DOWNLOADS_FIELD = {
  notOrder: /*i18n*/ { id: 'downloads.field.notOrder', message: 'Not in this order' },
  notDownloadFile: /*i18n*/ { id: 'downloads.field.notDownloadFile', message: 'Not a download of this file' },
}
