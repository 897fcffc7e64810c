import { API_AREA_TITLES, API_BASE, API_ENDPOINTS, type ApiEndpoint, accessOf } from '../../contract/api'
import { API_AREAS, API_KEY_PREFIX, API_KEY_REQUESTS_PER_MINUTE } from '../../contract/developers.constants'
import type { Lang, Message, MessageParams } from '../../contract/i18n'
import { escapeHtml } from '../lib/html'
import { translate } from '../lib/i18n'
import { WEBHOOKS_TITLE, webhooksSection } from './reference-webhooks'
import { REFERENCE } from './reference-words'
import { bodySchema, type JsonSchema, takenFields, typesOf } from './schemas'

/** A value of a schema's shape for an example: its first choice, its example, or a stand-in of its type. */
function sample(schema: JsonSchema, depth = 0): unknown {
  if (depth > 6) return null
  if (schema.default !== undefined) return schema.default
  const choices = schema.enum as unknown[] | undefined
  if (choices?.length) return choices[0]
  if (schema.const !== undefined) return schema.const
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  if (options?.length)
    return sample(options.find((o) => !typesOf(o).includes('null')) ?? options[0] ?? {}, depth + 1)
  const [type] = typesOf(schema).filter((t) => t !== 'null')
  if (type === 'object') {
    const required = new Set(schema.required ?? [])
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([name]) => required.has(name))
        .map(([name, field]) => [name, sample(field, depth + 1)]),
    )
  }
  if (type === 'array') return schema.items ? [sample(schema.items, depth + 1)] : []
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1
  if (type === 'boolean') return true
  if (schema.format === 'uuid') return '00000000-0000-7000-8000-000000000000'
  if (schema.format === 'date') return '2026-12-01'
  if (schema.format === 'date-time') return '2026-12-01T09:00:00+03:00'
  if (schema.format === 'email') return 'client@example.com'
  return '…'
}

/** The curl line of an endpoint, with its path parameters as placeholders and a body of its required fields. */
export function curlExample(origin: string, endpoint: ApiEndpoint): string {
  const url = `${origin}${API_BASE}${endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => `$${name.toUpperCase()}`)}`
  const lines = [
    `curl${endpoint.method === 'get' ? '' : ` -X ${endpoint.method.toUpperCase()}`} "${url}"`,
    '  -H "Authorization: Bearer $SOKO_KEY"',
  ]
  if (endpoint.method === 'post') lines.push('  -H "Idempotency-Key: $(uuidgen)"')
  const fields = takenFields(endpoint)
  if (
    accessOf(endpoint) === 'write' &&
    endpoint.method !== 'delete' &&
    (!fields || Object.keys(fields).length > 0)
  ) {
    const body = JSON.stringify(sample(bodySchema(endpoint)))
    if (body !== '{}')
      lines.push('  -H "Content-Type: application/json"', `  -d '${body.replace(/'/g, "'\\''")}'`)
  }
  return lines.join(' \\\n')
}

function fieldRows(lang: Lang, fields: Record<string, JsonSchema>, required: Set<string>): string {
  const say = (message: Message) => escapeHtml(translate(lang, message))
  return Object.entries(fields)
    .map(([name, schema]) => {
      const types = typesOf(schema).filter((t) => t !== 'null')
      const choices = (schema.enum as unknown[] | undefined)?.map(String).join(' | ')
      return `<tr><th scope="row"><code>${escapeHtml(name)}</code></th><td>${escapeHtml(choices ?? (types.join(' | ') || 'object'))}</td><td>${required.has(name) ? say(REFERENCE.required) : say(REFERENCE.optional)}</td></tr>`
    })
    .join('')
}

function endpointSection(lang: Lang, origin: string, endpoint: ApiEndpoint): string {
  const say = (message: Message, params?: MessageParams) => escapeHtml(translate(lang, message, params))
  const access = accessOf(endpoint)
  const fields = takenFields(endpoint)
  const required = new Set(bodySchema(endpoint).required ?? [])
  const params = Object.keys(endpoint.params ?? {})
  const table = (caption: Message, rows: string) =>
    rows
      ? `<table class="api-fields"><caption>${say(caption)}</caption><thead><tr><th scope="col">${say(REFERENCE.field)}</th><th scope="col">${say(REFERENCE.type)}</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table>`
      : ''
  const pathRows = params
    .map(
      (name) =>
        `<tr><th scope="row"><code>${escapeHtml(name)}</code></th><td>string</td><td>${say(REFERENCE.required)}</td></tr>`,
    )
    .join('')
  const given = fields
    ? table(
        endpoint.method === 'get' ? REFERENCE.queryFields : REFERENCE.bodyFields,
        fieldRows(lang, fields, endpoint.method === 'get' ? new Set() : required),
      )
    : `<p>${say(REFERENCE.bodyOfKind)}</p>`
  return [
    `<section class="api-endpoint" id="${escapeHtml(endpoint.operationId)}">`,
    `<h3>${say(endpoint.title)}</h3>`,
    `<p><code class="api-route">${endpoint.method.toUpperCase()} ${API_BASE}${escapeHtml(endpoint.path)}</code></p>`,
    `<p>${say(REFERENCE.needsScope, { scope: `${endpoint.area}:${access}` })}${endpoint.list ? ` ${say(REFERENCE.paged)}` : ''}</p>`,
    table(REFERENCE.pathFields, pathRows),
    access === 'write' && endpoint.method === 'delete' ? '' : given,
    `<pre class="api-example"><code>${escapeHtml(curlExample(origin, endpoint))}</code></pre>`,
    '</section>',
  ].join('')
}

/** The reference's content: how to use the API, then each area's endpoints. */
export function referenceMain(lang: Lang, origin: string): string {
  const say = (message: Message, params?: MessageParams) => escapeHtml(translate(lang, message, params))
  const code = (text: string) => `<code>${escapeHtml(text)}</code>`
  const intro = [
    `<h1>${say(REFERENCE.title)}</h1>`,
    `<p class="lead">${say(REFERENCE.lede)}</p>`,
    `<p><a class="button" href="/account/developers">${say(REFERENCE.makeKey)}</a> <a class="button secondary" href="${API_BASE}/openapi.json">${say(REFERENCE.openapi)}</a></p>`,
    `<nav aria-label="${say(REFERENCE.contents)}"><ul class="api-contents">${API_AREAS.map((area) => `<li><a href="#area-${area}">${say(API_AREA_TITLES[area])}</a></li>`).join('')}<li><a href="#webhooks">${say(WEBHOOKS_TITLE)}</a></li></ul></nav>`,
    `<h2>${say(REFERENCE.keysTitle)}</h2>`,
    `<p>${say(REFERENCE.keysText)}</p>`,
    `<pre class="api-example"><code>${escapeHtml(`export SOKO_KEY=${API_KEY_PREFIX}…\ncurl "${origin}${API_BASE}/orders" \\\n  -H "Authorization: Bearer $SOKO_KEY"`)}</code></pre>`,
    `<h2>${say(REFERENCE.pagesTitle)}</h2>`,
    `<p>${say(REFERENCE.pagesText)}</p>`,
    `<h2>${say(REFERENCE.idempotencyTitle)}</h2>`,
    `<p>${say(REFERENCE.idempotencyText)}</p>`,
    `<h2>${say(REFERENCE.errorsTitle)}</h2>`,
    `<p>${say(REFERENCE.errorsText)}</p>`,
    `<pre class="api-example"><code>${escapeHtml('{"error": {"code": "field.too_small", "message": "…", "field": "invoice.lines", "fields": [ … ], "requestId": "…"}}')}</code></pre>`,
    `<h2>${say(REFERENCE.limitsTitle)}</h2>`,
    `<p>${say(REFERENCE.limitsText, { count: API_KEY_REQUESTS_PER_MINUTE })}</p>`,
    `<p>${say(REFERENCE.languageText)} ${code('Accept-Language: sw')}</p>`,
  ]
  const areas = API_AREAS.map(
    (area) =>
      `<section class="api-area" id="area-${area}"><h2>${say(API_AREA_TITLES[area])}</h2>${API_ENDPOINTS.filter(
        (e) => e.area === area,
      )
        .map((e) => endpointSection(lang, origin, e))
        .join('')}</section>`,
  )
  return `<div class="api-reference">${[...intro, ...areas, webhooksSection(lang)].join('')}</div>`
}
