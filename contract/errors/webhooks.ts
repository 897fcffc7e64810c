/** What the webhooks' subjects refuse; each a stable code with its English. */
export const WEBHOOKS = {
  tooManyEndpoints: /*i18n*/ {
    id: 'webhooks.tooManyEndpoints',
    message: 'You have {max} endpoints already: delete one you no longer use, then add another',
  },
  endpointNotFound: /*i18n*/ {
    id: 'webhooks.endpointNotFound',
    message: 'There is no such endpoint among yours',
  },
  deliveryNotFound: /*i18n*/ {
    id: 'webhooks.deliveryNotFound',
    message: 'There is no such delivery among your endpoints',
  },
}

/** Field messages of an endpoint's address. */
export const WEBHOOKS_FIELD = {
  httpsOnly: /*i18n*/ {
    id: 'webhooks.httpsOnly',
    message: 'Use an https:// address: events carry your customers’ details',
  },
  noCredentials: /*i18n*/ {
    id: 'webhooks.noCredentials',
    message: 'Leave the user name and password out of the address: check the signature instead',
  },
  notPublic: /*i18n*/ {
    id: 'webhooks.notPublic',
    message: 'Use an address on the internet: Soko does not post to private or local networks',
  },
}
