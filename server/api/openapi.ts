import { contract } from '../../contract'
import { API_AREA_TITLES, API_BASE, API_ENDPOINTS, type ApiEndpoint, accessOf } from '../../contract/api'
import { API_AREAS, API_KEY_PREFIX, API_KEY_REQUESTS_PER_MINUTE } from '../../contract/developers.constants'
import { english } from '../lib/i18n'
import { bodySchema, dataSchema, type JsonSchema, takenFields } from './schemas'

const ERROR_REF = { $ref: '#/components/schemas/Error' }
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
})

/** The refusals every endpoint may answer, and those of writes and of POSTs. */
function refusals(endpoint: ApiEndpoint) {
  return {
    '400': errorResponse('A field is not valid: `error.fields` says which, and why.'),
    '401': errorResponse('No API key was sent, or it is not valid (revoked, mistyped).'),
    '403': errorResponse('The key lacks the scope this needs, or the seller may not do it.'),
    ...(endpoint.params ? { '404': errorResponse('There is no such record among the seller’s.') } : {}),
    '409': errorResponse(
      endpoint.method === 'post'
        ? 'What is asked conflicts with the record as it is, or a request with this Idempotency-Key is still being answered.'
        : 'What is asked conflicts with the record as it is.',
    ),
    ...(endpoint.method === 'post'
      ? { '422': errorResponse('This Idempotency-Key was used for another request.') }
      : {}),
    '429': errorResponse(
      `More than ${API_KEY_REQUESTS_PER_MINUTE} requests a minute with this key: wait Retry-After seconds.`,
    ),
  }
}

function parameters(endpoint: ApiEndpoint) {
  const inPath = Object.keys(endpoint.params ?? {}).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }))
  const inQuery =
    endpoint.method === 'get'
      ? Object.entries(takenFields(endpoint) ?? {}).map(([name, schema]) => ({
          name,
          in: 'query',
          required: false,
          ...(schema.description ? { description: schema.description } : {}),
          ...(schema.type === 'array' ? { style: 'form', explode: false } : {}),
          schema,
        }))
      : []
  const idempotency =
    endpoint.method === 'post'
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: true,
            description:
              'A new random value (a UUID) for each new request; the same one when you send it again. A repeat within 24 hours is answered as the first was, and done once.',
            schema: { type: 'string', minLength: 1, maxLength: 255 },
          },
        ]
      : []
  return [...inPath, ...inQuery, ...idempotency]
}

function success(endpoint: ApiEndpoint) {
  const data = dataSchema(endpoint)
  const schema: JsonSchema = endpoint.list
    ? {
        type: 'object',
        properties: {
          data,
          nextCursor: {
            type: ['string', 'null'],
            description: 'Pass as `cursor` for the next page; null on the last.',
          },
        },
        required: ['data', 'nextCursor'],
      }
    : { type: 'object', properties: { data }, required: ['data'] }
  const created = endpoint.method === 'post' && !endpoint.path.includes('{')
  return {
    [created ? '201' : '200']: {
      description: created ? 'Created.' : 'Done.',
      content: { 'application/json': { schema } },
    },
  }
}

function operation(endpoint: ApiEndpoint) {
  const access = accessOf(endpoint)
  const scope = `${endpoint.area}:${access}`
  const body = bodySchema(endpoint)
  const fields = takenFields(endpoint)
  const hasBody =
    access === 'write' && endpoint.method !== 'delete' && (!fields || Object.keys(fields).length > 0)
  return {
    operationId: endpoint.operationId,
    summary: english(endpoint.title),
    description: `${contract[endpoint.subject].summary}\n\nNeeds the \`${scope}\` scope.`,
    tags: [endpoint.area],
    'x-soko-scope': scope,
    parameters: parameters(endpoint),
    ...(hasBody
      ? {
          requestBody: {
            required: (body.required?.length ?? 0) > 0 || !body.properties,
            content: { 'application/json': { schema: body } },
          },
        }
      : {}),
    responses: { ...success(endpoint), ...refusals(endpoint) },
  }
}

/**
 * The API as OpenAPI 3.1: each endpoint of the table, its parameters, body and answers written from the
 * contract's schemas (zod's JSON Schema, OpenAPI 3.1's own dialect), so the description cannot drift from
 * what the server checks.
 */
export function openApiDocument(publicUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const endpoint of API_ENDPOINTS) {
    paths[endpoint.path] ??= {}
    ;(paths[endpoint.path] as Record<string, unknown>)[endpoint.method] = operation(endpoint)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Soko seller API',
      version: '1.0.0',
      description:
        'Your Soko store from your own tools: products, orders, bookings and tickets, customers, invoices, ' +
        'payouts and your balance. Make a key at /account/developers and send it as ' +
        `\`Authorization: Bearer ${API_KEY_PREFIX}…\`. Lists come a page at a time: pass \`nextCursor\` as ` +
        '`cursor`. Every POST takes an Idempotency-Key. Refusals carry a code, a message and the field.',
    },
    servers: [{ url: `${publicUrl.replace(/\/+$/, '')}${API_BASE}` }],
    security: [{ apiKey: [] }],
    tags: API_AREAS.map((area) => ({ name: area, description: english(API_AREA_TITLES[area]) })),
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: `A key made at /account/developers: ${API_KEY_PREFIX} and 40 letters and digits.`,
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message', 'field', 'fields', 'requestId'],
              properties: {
                code: { type: 'string', description: 'Stable: act on this, not on the message.' },
                message: { type: 'string', description: 'For a person, in the Accept-Language asked.' },
                field: { type: ['string', 'null'], description: 'The first field at fault.' },
                fields: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['field', 'code', 'message'],
                    properties: {
                      field: { type: 'string' },
                      code: { type: 'string' },
                      message: { type: 'string' },
                    },
                  },
                },
                requestId: { type: 'string' },
              },
            },
          },
        },
      },
    },
  }
}
