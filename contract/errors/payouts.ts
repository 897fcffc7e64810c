/** What the server answers about payouts: each a stable code (the id) with its English. */
export const PAYOUTS = {
  noSuchBankPayout: /*i18n*/ { id: 'payouts.noSuchBankPayout', message: 'No such bank payout' },
  bankPayoutNotWaiting: /*i18n*/ {
    id: 'payouts.bankPayoutNotWaiting',
    message: 'This bank payout is not waiting for a transfer',
  },
  pageMarkerNotValid: /*i18n*/ { id: 'payouts.pageMarkerNotValid', message: 'That page marker is not valid' },
  noSuchPayout: /*i18n*/ { id: 'payouts.noSuchPayout', message: 'No such payout' },
  choosePayoutDestinations: /*i18n*/ {
    id: 'payouts.choosePayoutDestinations',
    message: 'Choose one of your payout destinations',
  },
  enterCodeWeSent: /*i18n*/ {
    id: 'payouts.enterCodeWeSent',
    message: 'Enter the code we sent to that number',
  },
  alreadyDestination: /*i18n*/ {
    id: 'payouts.alreadyDestination',
    message: 'You already have this destination',
  },
  noSuchPayoutDestination: /*i18n*/ {
    id: 'payouts.noSuchPayoutDestination',
    message: 'No such payout destination',
  },
  requestKeyReused: /*i18n*/ {
    id: 'payouts.requestKeyReused',
    message:
      'This withdrawal was already made with other details: reload the page to see it, then start a new one.',
  },
  verifyFirst: /*i18n*/ {
    id: 'payouts.verifyFirst',
    message:
      'Confirm your identity before your first payout: send your details at /account/verify, and withdraw once they are approved.',
  },
  bankTransfersNotInstant: /*i18n*/ {
    id: 'payouts.bankTransfersNotInstant',
    message: 'Bank transfers are not instant: choose standard',
  },
  alreadySent: /*i18n*/ {
    id: 'payouts.alreadySent',
    message: 'This payout has already gone to the provider: it can no longer be cancelled',
  },
  payoutNotWaitingApproval: /*i18n*/ {
    id: 'payouts.payoutNotWaitingApproval',
    message: 'This payout is not waiting for approval',
  },
  paypalTakes: /*i18n*/ {
    id: 'payouts.paypalTakes',
    message: 'PayPal payouts are in {currencies}: choose another destination for {currency}',
  },
  mpesaTakes: /*i18n*/ {
    id: 'payouts.mpesaTakes',
    message: 'M-Pesa receives Kenyan shillings (KES) only: choose another destination for {currency}',
  },
  bankTakes: /*i18n*/ {
    id: 'payouts.bankTakes',
    message: 'This bank account receives {accountCurrency} only: choose another destination for {currency}',
  },
  addedRecently: /*i18n*/ {
    id: 'payouts.addedRecently',
    message: '{label} was added recently: it can receive money from {when}.',
  },
  leastWithdraw: /*i18n*/ { id: 'payouts.leastWithdraw', message: 'The least you can withdraw is {amount}' },
  mostPayout: /*i18n*/ { id: 'payouts.mostPayout', message: 'The most one payout can be is {amount}' },
  wholeShillings: /*i18n*/ {
    id: 'payouts.wholeShillings',
    message: 'M-Pesa sends whole shillings: withdraw {amount}',
  },
  availableBalance: /*i18n*/ {
    id: 'payouts.availableBalance',
    message: 'Your available balance is {amount}: withdraw that much or less.',
  },
  dailyLimit: /*i18n*/ {
    id: 'payouts.dailyLimit',
    message: 'Payouts are limited to {amount} a day: try a smaller amount, or tomorrow.',
  },
}

/** Per-field messages of the same answers. */
export const PAYOUTS_FIELD = {
  startAgain: /*i18n*/ { id: 'payouts.field.startAgain', message: 'Start again' },
  chooseDestination: /*i18n*/ { id: 'payouts.field.chooseDestination', message: 'Choose a destination' },
  enterCodeFromSMS: /*i18n*/ { id: 'payouts.field.enterCodeFromSMS', message: 'Enter the code from the SMS' },
  bankTransfersGoScheduled: /*i18n*/ {
    id: 'payouts.field.bankTransfersGoScheduled',
    message: 'Bank transfers go with the scheduled run',
  },
  paypalTakes: /*i18n*/ { id: 'payouts.field.paypalTakes', message: 'PayPal payouts are in {currencies}' },
  mpesaTakes: /*i18n*/ {
    id: 'payouts.field.mpesaTakes',
    message: 'M-Pesa receives Kenyan shillings (KES) only',
  },
  bankTakes: /*i18n*/ {
    id: 'payouts.field.bankTakes',
    message: 'This bank account receives {accountCurrency} only',
  },
  atLeast: /*i18n*/ { id: 'payouts.field.atLeast', message: 'At least {amount}' },
  atMost: /*i18n*/ { id: 'payouts.field.atMost', message: 'At most {amount}' },
  wholeShillings: /*i18n*/ {
    id: 'payouts.field.wholeShillings',
    message: 'M-Pesa sends whole shillings: leave out the cents',
  },
}
