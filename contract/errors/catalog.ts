/** What the server answers about catalog: each a stable code (the id) with its English. */
export const CATALOG = {
  noSuchProduct: /*i18n*/ { id: 'catalog.noSuchProduct', message: 'No such product among yours' },
  onSaleNeedsFile: /*i18n*/ {
    id: 'catalog.onSaleNeedsFile',
    message: 'A product on sale needs at least one file: unpublish it first',
  },
  slugTaken: /*i18n*/ {
    id: 'catalog.slugTaken',
    message: 'That address is taken: choose another',
  },
  addFileBeforePublish: /*i18n*/ {
    id: 'catalog.addFileBeforePublish',
    message: 'Add the file buyers will download before you publish',
  },
  onlyDigitalHasFiles: /*i18n*/ {
    id: 'catalog.onlyDigitalHasFiles',
    message: 'Only digital products and memberships have files to download: add photos instead.',
  },
  noSuchUpload: /*i18n*/ { id: 'catalog.noSuchUpload', message: 'No such upload: start it again' },
  fileMissing: /*i18n*/ {
    id: 'catalog.fileMissing',
    message: 'This file is missing: ask the seller to upload it again',
  },
  fileBeingReplaced: /*i18n*/ {
    id: 'catalog.fileBeingReplaced',
    message: 'This file is being replaced right now: try again in a moment',
  },
  partsMissing: /*i18n*/ {
    id: 'catalog.partsMissing',
    message: '{missing} of {partCount} parts have not arrived yet: resume the upload.',
  },
  noFreeSlug: /*i18n*/ {
    id: 'catalog.noFreeSlug',
    message: 'Could not find a free address for this product: give it a slug of your own',
  },
  photoNotOnProduct: /*i18n*/ {
    id: 'catalog.photoNotOnProduct',
    message: 'That photo is not on this product',
  },
  fileNotOnProduct: /*i18n*/ { id: 'catalog.fileNotOnProduct', message: 'That file is not on this product' },
  onSaleNeedsDelivery: /*i18n*/ {
    id: 'catalog.onSaleNeedsDelivery',
    message: 'A product on sale needs a way to reach buyers: unpublish it first',
  },
  cannotBeSoldYet: /*i18n*/ {
    id: 'catalog.cannotBeSoldYet',
    message: 'This cannot be sold yet: see what is missing',
  },
  photoTypes: /*i18n*/ { id: 'catalog.photoTypes', message: 'Photos can be JPEG, PNG or WebP.' },
  fileTypeRefused: /*i18n*/ {
    id: 'catalog.fileTypeRefused',
    message: 'Soko does not take this kind of file: put it in a .zip and upload that.',
  },
  photoTooLarge: /*i18n*/ { id: 'catalog.photoTooLarge', message: 'Photos can be up to 20 MB.' },
  fileTooLarge: /*i18n*/ { id: 'catalog.fileTooLarge', message: 'Files can be up to 2 GB.' },
  tooManyPhotos: /*i18n*/ { id: 'catalog.tooManyPhotos', message: 'A product can have up to {room} photos.' },
  tooManyFiles: /*i18n*/ { id: 'catalog.tooManyFiles', message: 'A product can have up to {room} files.' },
  postsFull: /*i18n*/ {
    id: 'catalog.postsFull',
    message: 'This membership’s posts hold {room} of these already: delete old posts to make room.',
  },
  onlyMembershipsPost: /*i18n*/ {
    id: 'catalog.onlyMembershipsPost',
    message: 'Only a membership has posts to add pictures and files to.',
  },
  sizeDiffers: /*i18n*/ {
    id: 'catalog.sizeDiffers',
    message: 'The file that arrived is not the size announced: upload it again.',
  },
  notAPhoto: /*i18n*/ {
    id: 'catalog.notAPhoto',
    message: 'That file is not a photo Soko can read: use a JPEG, PNG or WebP photo.',
  },
  typeDiffers: /*i18n*/ {
    id: 'catalog.typeDiffers',
    message: 'This file is not the {contentType} it says it is: check it opens, then upload it again.',
  },
  upsellRefused: /*i18n*/ {
    id: 'catalog.upsellRefused',
    message: 'That offer cannot be made: see the offer’s fields',
  },
}

/** Per-field messages of the same answers. */
export const CATALOG_FIELD = {
  notMembershipFile: /*i18n*/ {
    id: 'catalog.field.notMembershipFile',
    message: 'Not one of this membership’s files: upload it first',
  },
  keepLeastFile: /*i18n*/ { id: 'catalog.field.keepLeastFile', message: 'Keep at least one file' },
  slugInUse: /*i18n*/ { id: 'catalog.field.slugInUse', message: '/{slug} is already in use' },
  addLeastFile: /*i18n*/ { id: 'catalog.field.addLeastFile', message: 'Add at least one file' },
  notYours: /*i18n*/ { id: 'catalog.field.notYours', message: 'Not one of yours' },
  onlyDigitalHasFiles: /*i18n*/ {
    id: 'catalog.field.onlyDigitalHasFiles',
    message: 'Only digital products and memberships carry files',
  },
  onlyMembershipsPost: /*i18n*/ {
    id: 'catalog.field.onlyMembershipsPost',
    message: 'Only memberships have posts',
  },
  notUploadYours: /*i18n*/ { id: 'catalog.field.notUploadYours', message: 'Not an upload of yours' },
  notAllPartsArrived: /*i18n*/ {
    id: 'catalog.field.notAllPartsArrived',
    message: 'Not all parts have arrived',
  },
  baseInUse: /*i18n*/ { id: 'catalog.field.baseInUse', message: '/{base} is already in use' },
  inUse: /*i18n*/ { id: 'catalog.field.inUse', message: 'Already in use' },
  addStock: /*i18n*/ {
    id: 'catalog.field.addStock',
    message: 'Add stock to at least one variant before you publish',
  },
  addShippingOrPickup: /*i18n*/ {
    id: 'catalog.field.addShippingOrPickup',
    message: 'Add a shipping zone or a pickup address, so buyers can get it',
  },
  notOnProduct: /*i18n*/ { id: 'catalog.field.notOnProduct', message: 'Not on this product' },
  usePhotoType: /*i18n*/ { id: 'catalog.field.usePhotoType', message: 'Use a JPEG, PNG or WebP photo' },
  fileTypeRefused: /*i18n*/ {
    id: 'catalog.field.fileTypeRefused',
    message: 'This file type is not accepted',
  },
  photoTooLarge: /*i18n*/ { id: 'catalog.field.photoTooLarge', message: 'Photos can be up to 20 MB' },
  fileTooLarge: /*i18n*/ { id: 'catalog.field.fileTooLarge', message: 'Files can be up to 2 GB' },
  noRoom: /*i18n*/ { id: 'catalog.field.noRoom', message: 'No room for more' },
  sizeDiffers: /*i18n*/ { id: 'catalog.field.sizeDiffers', message: 'Size differs' },
  notAPhoto: /*i18n*/ { id: 'catalog.field.notAPhoto', message: 'Not a photo' },
  typeDiffers: /*i18n*/ { id: 'catalog.field.typeDiffers', message: 'Type differs from content' },
  upsellNotSelf: /*i18n*/ {
    id: 'catalog.field.upsellNotSelf',
    message: 'Offer another product, not this one',
  },
  upsellDigital: /*i18n*/ {
    id: 'catalog.field.upsellDigital',
    message: 'Choose one of your digital products: their files reach the buyer at once',
  },
  upsellCurrency: /*i18n*/ {
    id: 'catalog.field.upsellCurrency',
    message: 'Both products are priced in {currency}: the offer must be too',
  },
  upsellBelowPrice: /*i18n*/ {
    id: 'catalog.field.upsellBelowPrice',
    message: 'An offer is less than the product’s own price ({price})',
  },
}
