/** What the server answers about customers: each a stable code (the id) with its English. */
export const CUSTOMERS = {
  noSuchCustomer: /*i18n*/ { id: 'customers.noSuchCustomer', message: 'No such customer' },
}
