/** Why a code does not apply, said to the buyer under the code's field; each a stable code with its English. */
export const DISCOUNTS = {
  unknown: /*i18n*/ { id: 'discounts.unknown', message: 'There is no code {code} for this product' },
  paused: /*i18n*/ { id: 'discounts.paused', message: 'The code {code} is paused by its seller' },
  notStarted: /*i18n*/ { id: 'discounts.notStarted', message: 'The code {code} works from {when}' },
  ended: /*i18n*/ { id: 'discounts.ended', message: 'The code {code} ended on {when}' },
  usedUp: /*i18n*/ {
    id: 'discounts.usedUp',
    message: 'The code {code} has been used as many times as it may',
  },
  buyerUsedUp: /*i18n*/ {
    id: 'discounts.buyerUsedUp',
    message: 'You have used the code {code} as many times as it allows',
  },
  notForProduct: /*i18n*/ {
    id: 'discounts.notForProduct',
    message: 'The code {code} is not for this product',
  },
  notInCurrency: /*i18n*/ {
    id: 'discounts.notInCurrency',
    message: 'The code {code} does not apply to prices in {currency}',
  },
  minimum: /*i18n*/ { id: 'discounts.minimum', message: 'The code {code} needs an order of at least {min}' },
  lowestPrice: /*i18n*/ { id: 'discounts.lowestPrice', message: 'The lowest price for this is {min}' },
  tooManyTries: /*i18n*/ {
    id: 'discounts.tooManyTries',
    message:
      'Too many codes tried. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  tooManyCodes: /*i18n*/ {
    id: 'discounts.tooManyCodes',
    message: 'You have {max} codes already: delete one you no longer use, then make another',
  },
  taken: /*i18n*/ { id: 'discounts.taken', message: 'You have a code {code} already: choose another name' },
  noSuchCode: /*i18n*/ { id: 'discounts.noSuchCode', message: 'There is no such code among yours' },
}
