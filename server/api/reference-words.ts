/** What the API reference (/developers) says, in the site's languages. */
export const REFERENCE = {
  title: /*i18n*/ { id: 'api.ref.title', message: 'Soko API' },
  lede: /*i18n*/ {
    id: 'api.ref.lede',
    message:
      'Connect your store to your own tools: a website that checks orders, a sheet of your sales, a bot that confirms bookings. Everything here works on your data only, with the same rules as the app.',
  },
  makeKey: /*i18n*/ { id: 'api.ref.makeKey', message: 'Make an API key' },
  openapi: /*i18n*/ { id: 'api.ref.openapi', message: 'OpenAPI description' },
  contents: /*i18n*/ { id: 'api.ref.contents', message: 'Contents' },
  keysTitle: /*i18n*/ { id: 'api.ref.keysTitle', message: 'Keys and scopes' },
  keysText: /*i18n*/ {
    id: 'api.ref.keysText',
    message:
      'Make a key in your account under Developers, and choose what it may do: read or write, area by area. The key is shown once; keep it secret, on a server, never in a web page. Send it with every request in the Authorization header, as below. A revoked key stops working at once.',
  },
  pagesTitle: /*i18n*/ { id: 'api.ref.pagesTitle', message: 'Lists, a page at a time' },
  pagesText: /*i18n*/ {
    id: 'api.ref.pagesText',
    message:
      'A list answers data and nextCursor. To get the next page, send nextCursor back as cursor; it is null on the last page. Pages do not shift when new records arrive meanwhile. limit sets the page size.',
  },
  idempotencyTitle: /*i18n*/ { id: 'api.ref.idempotencyTitle', message: 'Safe retries' },
  idempotencyText: /*i18n*/ {
    id: 'api.ref.idempotencyText',
    message:
      'Every POST needs an Idempotency-Key header: a new random value for each new request. If the connection drops, send the same request again with the same key: for 24 hours it is answered as the first time, and done only once. The same key with another request is refused.',
  },
  errorsTitle: /*i18n*/ { id: 'api.ref.errorsTitle', message: 'Errors' },
  errorsText: /*i18n*/ {
    id: 'api.ref.errorsText',
    message:
      'A refusal has a status (400 a field, 401 the key, 403 a scope, 404 not yours or not there, 409 a conflict, 422 a reused Idempotency-Key, 429 too many requests) and a body with a code to act on, a message for a person, and the fields at fault.',
  },
  limitsTitle: /*i18n*/ { id: 'api.ref.limitsTitle', message: 'Limits' },
  limitsText: /*i18n*/ {
    id: 'api.ref.limitsText',
    message:
      'A key may make {count} requests a minute. Past that the answer is 429 with Retry-After: the seconds to wait.',
  },
  languageText: /*i18n*/ {
    id: 'api.ref.languageText',
    message: 'Messages come in English, or in Kiswahili when you ask:',
  },
  needsScope: /*i18n*/ { id: 'api.ref.needsScope', message: 'Needs the {scope} scope.' },
  paged: /*i18n*/ { id: 'api.ref.paged', message: 'A page at a time.' },
  pathFields: /*i18n*/ { id: 'api.ref.pathFields', message: 'In the path' },
  queryFields: /*i18n*/ { id: 'api.ref.queryFields', message: 'In the query (all optional)' },
  bodyFields: /*i18n*/ { id: 'api.ref.bodyFields', message: 'In the JSON body' },
  bodyOfKind: /*i18n*/ {
    id: 'api.ref.bodyOfKind',
    message: 'The JSON body is a product of one kind: see its shape in the OpenAPI description.',
  },
  field: /*i18n*/ { id: 'api.ref.field', message: 'Field' },
  type: /*i18n*/ { id: 'api.ref.type', message: 'Type' },
  required: /*i18n*/ { id: 'api.ref.required', message: 'required' },
  optional: /*i18n*/ { id: 'api.ref.optional', message: 'optional' },
  pageTitle: /*i18n*/ { id: 'api.ref.pageTitle', message: 'API reference' },
}
