/** The seller API's own refusals, and its keys'; each a stable code with its English. */
export const DEVELOPERS = {
  tooManyKeys: /*i18n*/ {
    id: 'developers.tooManyKeys',
    message: 'You have {max} keys already: revoke one you no longer use, then make another',
  },
  keyNotFound: /*i18n*/ { id: 'developers.keyNotFound', message: 'There is no such key among yours' },
  alreadyRevoked: /*i18n*/ { id: 'developers.alreadyRevoked', message: 'This key was revoked already' },
}

/** What /api/v1 answers before any endpoint runs. */
export const API = {
  noKey: /*i18n*/ {
    id: 'api.noKey',
    message: 'Send your API key as "Authorization: Bearer soko_sk_…": make one at /account/developers',
  },
  badKey: /*i18n*/ {
    id: 'api.badKey',
    message: 'This API key is not valid: it was revoked, or mistyped. Make a new one at /account/developers',
  },
  missingScope: /*i18n*/ {
    id: 'api.missingScope',
    message:
      'This key may not do this: it needs the {scope} scope. Make a key with it at /account/developers',
  },
  notFound: /*i18n*/ {
    id: 'api.notFound',
    message: 'No such endpoint: {method} {path}. The list is at /api/v1/openapi.json',
  },
  methodNotAllowed: /*i18n*/ {
    id: 'api.methodNotAllowed',
    message: '{path} does not take {method}: it takes {allowed}',
  },
  noIdempotencyKey: /*i18n*/ {
    id: 'api.noIdempotencyKey',
    message:
      'Send an Idempotency-Key header with every POST: a new random value for each new request, the same one when you retry it',
  },
  badIdempotencyKey: /*i18n*/ {
    id: 'api.badIdempotencyKey',
    message: 'An Idempotency-Key is 1 to 255 visible characters',
  },
  idempotencyKeyReused: /*i18n*/ {
    id: 'api.idempotencyKeyReused',
    message:
      'This Idempotency-Key was used for another request: use a new key for a new request, and the same body when you retry',
  },
  idempotencyInProgress: /*i18n*/ {
    id: 'api.idempotencyInProgress',
    message: 'A request with this Idempotency-Key is still being answered: retry in a few seconds',
  },
  tooManyRequests: /*i18n*/ {
    id: 'api.tooManyRequests',
    message:
      'Too many requests with this key. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  },
  notJson: /*i18n*/ {
    id: 'api.notJson',
    message: 'The body is not valid JSON: send a JSON object with content-type application/json',
  },
  badQuery: /*i18n*/ {
    id: 'api.badQuery',
    message: '{name} must be a whole number',
  },
}
