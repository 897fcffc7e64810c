/** What the server answers about checkout: each a stable code (the id) with its English. */
export const CHECKOUT = {
  pageMarkerNotValid: /*i18n*/ {
    id: 'checkout.pageMarkerNotValid',
    message: 'That page marker is not valid',
  },
  onlyServicesHaveTimes: /*i18n*/ {
    id: 'checkout.onlyServicesHaveTimes',
    message: 'Only services have times to book',
  },
  orderNoLongerWaiting: /*i18n*/ {
    id: 'checkout.orderNoLongerWaiting',
    message: 'This order is no longer waiting for payment',
  },
  noSuchSale: /*i18n*/ { id: 'checkout.noSuchSale', message: 'No such order among your sales' },
  onlyUnshippedMerch: /*i18n*/ {
    id: 'checkout.onlyUnshippedMerch',
    message: 'Only a paid merch order waiting to ship can be marked shipped',
  },
  noSuchOrder: /*i18n*/ { id: 'checkout.noSuchOrder', message: 'No such order' },
  alreadyRefunded: /*i18n*/ {
    id: 'checkout.alreadyRefunded',
    message: 'This order has already been refunded',
  },
  onlyPaidRefunded: /*i18n*/ {
    id: 'checkout.onlyPaidRefunded',
    message: 'Only a paid order can be refunded',
  },
  productNotOnSale: /*i18n*/ {
    id: 'checkout.productNotOnSale',
    message: 'This product is not on sale any more',
  },
  timeTaken: /*i18n*/ {
    id: 'checkout.timeTaken',
    message: 'That time has just been taken: choose another',
  },
  ownProduct: /*i18n*/ {
    id: 'checkout.ownProduct',
    message: 'This is your own product: you cannot buy it',
  },
  chooseHowPay: /*i18n*/ { id: 'checkout.chooseHowPay', message: 'Choose how to pay' },
  methodCannotTakeCurrency: /*i18n*/ {
    id: 'checkout.methodCannotTakeCurrency',
    message: 'This method cannot take this currency yet: choose another',
  },
  giveEmail: /*i18n*/ { id: 'checkout.giveEmail', message: 'Give your e-mail address' },
  offerGone: /*i18n*/ {
    id: 'checkout.offerGone',
    message: 'The offer you added has just ended: check out without it, or look at the product again',
  },
  priceChanged: /*i18n*/ {
    id: 'checkout.priceChanged',
    message: 'The price has just changed: check it and pay again',
  },
  atMostAtOnce: /*i18n*/ {
    id: 'checkout.atMostAtOnce',
    message: 'You can order at most {most} at a time: choose {most} or fewer',
  },
  pricesNeedCorrecting: /*i18n*/ {
    id: 'checkout.pricesNeedCorrecting',
    message: 'This product cannot be bought until its seller corrects its prices',
  },
  orderNotYoursLink: /*i18n*/ {
    id: 'checkout.orderNotYoursLink',
    message: 'This order is not yours, or its link is incomplete: sign in with the address you bought with',
  },
  soldOut: /*i18n*/ { id: 'checkout.soldOut', message: 'Sold out: choose fewer or another option' },
  busy: /*i18n*/ { id: 'checkout.busy', message: 'Busy — try again in a few seconds' },
  left: /*i18n*/ { id: 'checkout.left', message: 'The checkout was left before it began: nothing was held' },
  oneNamePerTicket: /*i18n*/ { id: 'checkout.oneNamePerTicket', message: 'Give one name for each ticket' },
  heldWaitSeconds: /*i18n*/ {
    id: 'checkout.heldWaitSeconds',
    message:
      'You already have {units} of these waiting for payment, and at most {most} can wait at once. Pay for or cancel that order in your purchases, or wait {seconds} seconds until it lapses.',
  },
  heldWaitMinutes: /*i18n*/ {
    id: 'checkout.heldWaitMinutes',
    message:
      'You already have {units} of these waiting for payment, and at most {most} can wait at once. Pay for or cancel that order in your purchases, or wait {minutes} minutes until it lapses.',
  },
  onlyLeft: /*i18n*/ { id: 'checkout.onlyLeft', message: 'Only {left} left: choose fewer or another option' },
  giveMpesaPhone: /*i18n*/ { id: 'checkout.giveMpesaPhone', message: 'Give your M-Pesa phone number' },
  refundNotSent: /*i18n*/ {
    id: 'checkout.refundNotSent',
    message: 'The refund could not be sent: try again later',
  },
  noSuchLine: /*i18n*/ { id: 'checkout.noSuchLine', message: 'This order has no line {position}' },
  lineRefunded: /*i18n*/ {
    id: 'checkout.lineRefunded',
    message: 'A line you chose has already been refunded, or its refund is on its way',
  },
  bundleWhole: /*i18n*/ {
    id: 'checkout.bundleWhole',
    message: 'A bundle is refunded whole: refund the order without choosing lines',
  },
  refundOnItsWay: /*i18n*/ {
    id: 'checkout.refundOnItsWay',
    message: 'A refund of this order is on its way: wait until it is done, then refund more',
  },
}

/** Per-field messages of the same answers. */
export const CHECKOUT_FIELD = {
  startAgain: /*i18n*/ { id: 'checkout.field.startAgain', message: 'Start again' },
  notService: /*i18n*/ { id: 'checkout.field.notService', message: 'Not a service' },
  notSale: /*i18n*/ { id: 'checkout.field.notSale', message: 'Not on sale' },
  noLongerFree: /*i18n*/ { id: 'checkout.field.noLongerFree', message: 'No longer free' },
  ownProduct: /*i18n*/ { id: 'checkout.field.ownProduct', message: 'Your own product' },
  chooseMethod: /*i18n*/ {
    id: 'checkout.field.chooseMethod',
    message: 'Choose M-Pesa, card or PayPal',
  },
  noExchangeRate: /*i18n*/ {
    id: 'checkout.field.noExchangeRate',
    message: 'There is no exchange rate for {currency} yet: pay by card',
  },
  giveReceiptEmail: /*i18n*/ {
    id: 'checkout.field.giveReceiptEmail',
    message: 'Give the e-mail address for your receipt and downloads',
  },
  priceChanged: /*i18n*/ { id: 'checkout.field.priceChanged', message: 'Price changed' },
  offerGone: /*i18n*/ { id: 'checkout.field.offerGone', message: 'This offer has ended' },
  atMostAtOnce: /*i18n*/ { id: 'checkout.field.atMostAtOnce', message: 'At most {most} at a time' },
  pricesNeedCorrecting: /*i18n*/ {
    id: 'checkout.field.pricesNeedCorrecting',
    message: 'Its prices need correcting',
  },
  soldOut: /*i18n*/ { id: 'checkout.field.soldOut', message: 'Sold out' },
  namesPerTicket: /*i18n*/ {
    id: 'checkout.field.namesPerTicket',
    message: 'Give {quantity} names, one per ticket',
  },
  onlyTicketsNamed: /*i18n*/ { id: 'checkout.field.onlyTicketsNamed', message: 'Only tickets carry names' },
  moreWhileUnpaid: /*i18n*/ {
    id: 'checkout.field.moreWhileUnpaid',
    message: 'At most {more} more while your unpaid order waits',
  },
  payUnpaidFirst: /*i18n*/ {
    id: 'checkout.field.payUnpaidFirst',
    message: 'Pay for your unpaid order first',
  },
  onlyLeft: /*i18n*/ { id: 'checkout.field.onlyLeft', message: 'Only {left} left' },
}

export const PRICING = {
  payAtLeast: /*i18n*/ { id: 'pricing.payAtLeast', message: 'Pay at least {amount}' },
  payAtMost: /*i18n*/ { id: 'pricing.payAtMost', message: 'Pay at most {amount}' },
  downloadOnce: /*i18n*/ { id: 'pricing.downloadOnce', message: 'A download is bought once' },
  chooseVariant: /*i18n*/ { id: 'pricing.chooseVariant', message: 'Choose a size or colour' },
  chooseTicketType: /*i18n*/ { id: 'pricing.chooseTicketType', message: 'Choose a ticket type' },
  eventStarted: /*i18n*/ {
    id: 'pricing.eventStarted',
    message: 'This event has started: tickets are no longer sold',
  },
  ticketsOnSaleFrom: /*i18n*/ {
    id: 'pricing.ticketsOnSaleFrom',
    message: '{name} tickets go on sale {when}',
  },
  ticketsNoLongerSold: /*i18n*/ {
    id: 'pricing.ticketsNoLongerSold',
    message: '{name} tickets are no longer sold',
  },
  chooseTime: /*i18n*/ { id: 'pricing.chooseTime', message: 'Choose a time' },
  oneBooking: /*i18n*/ { id: 'pricing.oneBooking', message: 'One booking at a time' },
  chooseDeliveryOrPickup: /*i18n*/ {
    id: 'pricing.chooseDeliveryOrPickup',
    message: 'Choose delivery or pickup',
  },
  giveShippingAddress: /*i18n*/ { id: 'pricing.giveShippingAddress', message: 'Give the address to ship to' },
  noPickup: /*i18n*/ {
    id: 'pricing.noPickup',
    message: 'This seller does not offer pickup: give an address to ship to',
  },
  noShippingHerePickup: /*i18n*/ {
    id: 'pricing.noShippingHerePickup',
    message: 'The seller does not ship to this country: choose pickup, or another address',
  },
  noShippingHere: /*i18n*/ {
    id: 'pricing.noShippingHere',
    message: 'The seller does not ship to this country',
  },
}
