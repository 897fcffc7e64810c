/**
 * What the RPC layer itself answers, before any subject runs: each a stable code (the id) with its English.
 * A subject's own errors are in the file of its feature beside this one.
 */
export const REQUEST = {
  invalidJson: /*i18n*/ {
    id: 'request.invalidJson',
    message:
      'The request body is not valid JSON: send {"subject": "…", …} with content-type application/json',
  },
  notObject: /*i18n*/ {
    id: 'request.notObject',
    message: 'Send a JSON object such as {"subject": "getSettings"}',
  },
  noSubject: /*i18n*/ {
    id: 'request.noSubject',
    message: 'Say which subject to call: {"subject": "getSettings"}',
  },
  unknownSubject: /*i18n*/ { id: 'request.unknownSubject', message: 'Unknown subject: {subject}' },
  tooDeep: /*i18n*/ {
    id: 'request.tooDeep',
    message: 'The request nests deeper than {depth} levels: send a flatter body',
  },
  tooLarge: /*i18n*/ {
    id: 'request.tooLarge',
    message: 'The request is larger than {size}: send less at once',
  },
  bodyTooLarge: /*i18n*/ { id: 'request.bodyTooLarge', message: 'The body is larger than 1 MB' },
  nothingHere: /*i18n*/ { id: 'request.nothingHere', message: 'There is nothing here.' },
  slowQuery: /*i18n*/ {
    id: 'request.slowQuery',
    message: 'This is taking longer than it should: try again in a moment.',
  },
  slowMutation: /*i18n*/ {
    id: 'request.slowMutation',
    message:
      'This is taking longer than it should, and it may still complete: check whether it went through (reload the page) before you try again.',
  },
  fields: /*i18n*/ { id: 'request.fields', message: 'Some fields need attention: see errors' },
  internal: /*i18n*/ {
    id: 'request.internal',
    message:
      'Something went wrong on our side. Please try again; if it keeps happening, quote request {requestId}',
  },
  sessionEnded: /*i18n*/ {
    id: 'session.ended',
    message: 'Your session has ended: sign in again to continue',
  },
  sellersOnly: /*i18n*/ {
    id: 'access.sellersOnly',
    message: 'Only sellers can do this: set up your storefront at /register first',
  },
  adminsOnly: /*i18n*/ { id: 'access.adminsOnly', message: 'Only Soko admins can do this' },
  busy: /*i18n*/ { id: 'request.busy', message: 'Soko is very busy right now: try again in a moment' },
}

/** Per-field messages that come from the schema's checks rather than a message of the field's own. */
export const FIELD = {
  required: /*i18n*/ { id: 'field.required', message: 'Required' },
  unknown: /*i18n*/ { id: 'field.unknown', message: 'Unknown field: {subject} does not take {key}' },
  unknownSubject: /*i18n*/ { id: 'field.unknownSubject', message: 'Unknown subject' },
  invalid: /*i18n*/ { id: 'field.invalid', message: 'This value is not valid' },
  nul: /*i18n*/ { id: 'text.nul', message: 'Remove the invisible NUL character (\\u0000) from this text' },
  brokenCharacter: /*i18n*/ {
    id: 'text.brokenCharacter',
    message: 'This text has a broken character (half of an emoji or symbol): type it again',
  },
  badKey: /*i18n*/ { id: 'text.badKey', message: 'A field name here is not valid text: {why}' },
}
