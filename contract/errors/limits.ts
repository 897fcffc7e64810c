/** What the server answers about limits: each a stable code (the id) with its English. */

export const LIMITS = {
  codesFromNetwork: /*i18n*/ {
    id: 'limits.codesFromNetwork',
    message:
      'Too many codes requested from this network. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  codesRequested: /*i18n*/ {
    id: 'limits.codesRequested',
    message:
      'Too many codes requested. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  codesToNumber: /*i18n*/ {
    id: 'limits.codesToNumber',
    message:
      'Too many codes sent to this number. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  codeAttempts: /*i18n*/ {
    id: 'limits.codeAttempts',
    message:
      'Too many code attempts. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  reportsFromNetwork: /*i18n*/ {
    id: 'limits.reportsFromNetwork',
    message:
      'Too many reports from this network. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  reportsFromAccount: /*i18n*/ {
    id: 'limits.reportsFromAccount',
    message:
      'Too many reports from your account. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  invoiceSearches: /*i18n*/ {
    id: 'limits.invoiceSearches',
    message:
      'Too many invoice searches from this network. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  checkoutsFromDevice: /*i18n*/ {
    id: 'limits.checkoutsFromDevice',
    message:
      'Too many checkouts from this device. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  checkoutsFromAccount: /*i18n*/ {
    id: 'limits.checkoutsFromAccount',
    message:
      'Too many checkouts from your account. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  checkoutsForEmail: /*i18n*/ {
    id: 'limits.checkoutsForEmail',
    message:
      'Too many checkouts for this e-mail address. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  checkoutsFromNetwork: /*i18n*/ {
    id: 'limits.checkoutsFromNetwork',
    message:
      'Too many checkouts from this network. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  messagesFromNetwork: /*i18n*/ {
    id: 'limits.messagesFromNetwork',
    message:
      'Too many messages from this network. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  messagesFromAddress: /*i18n*/ {
    id: 'limits.messagesFromAddress',
    message:
      'Too many messages from this address. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  signInsFromNetwork: /*i18n*/ {
    id: 'limits.signInsFromNetwork',
    message:
      'Too many sign-in attempts from this network. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  signInsForAccount: /*i18n*/ {
    id: 'limits.signInsForAccount',
    message:
      'Too many sign-in attempts for this account. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  signUpsFromNetwork: /*i18n*/ {
    id: 'limits.signUpsFromNetwork',
    message:
      'Too many sign-ups from this network. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  confirmationMails: /*i18n*/ {
    id: 'limits.confirmationMails',
    message:
      'Too many confirmation e-mails. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  resetsFromNetwork: /*i18n*/ {
    id: 'limits.resetsFromNetwork',
    message:
      'Too many password resets from this network. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  resetsForAddress: /*i18n*/ {
    id: 'limits.resetsForAddress',
    message:
      'Too many password resets for this address. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  mpesaPrompts: /*i18n*/ {
    id: 'limits.mpesaPrompts',
    message:
      'Too many M-Pesa prompts to this phone. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again, or pay by card.',
  },
}
