/** What the server answers about payments: each a stable code (the id) with its English. */

export const PAYMENTS = {
  notStarted: /*i18n*/ { id: 'payments.notStarted', message: 'The payment could not be started' },
  providerSaid: /*i18n*/ { id: 'payments.providerSaid', message: '{reason}' },
}
