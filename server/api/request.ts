import type { ApiEndpoint } from '../../contract/api'
import { FIELD, REQUEST } from '../../contract/errors/common'
import { API } from '../../contract/errors/developers'
import { AppError, type FieldMessage } from '../lib/errors'
import { takenFields, typesOf } from './schemas'

export type ReadInput = { ok: true; value: Record<string, unknown> } | { ok: false; error: AppError }

const refused = (fields: Record<string, FieldMessage>, message = REQUEST.fields): ReadInput => ({
  ok: false,
  error: new AppError(400, message, { fields }),
})

/**
 * The subject's input from a request: its path parameters, and its query (a read) or its JSON body (a
 * write), the endpoint's defaults under them. A field the endpoint does not take is refused by name; a
 * number in the query must be one. The subject's own schema then checks the rest.
 */
export function readInput(
  endpoint: ApiEndpoint,
  params: Record<string, string>,
  queries: Record<string, string[]>,
  text: string,
): ReadInput {
  const fields = takenFields(endpoint)
  const unknown = (key: string) => ({
    [key]: { ...FIELD.unknown, params: { subject: endpoint.operationId, key } },
  })
  let given: Record<string, unknown> = {}
  if (endpoint.method === 'get') {
    for (const [name, values] of Object.entries(queries)) {
      const schema = fields && Object.hasOwn(fields, name) ? fields[name] : undefined
      if (!schema) return refused(unknown(name))
      const raw = values.at(-1) ?? ''
      const types = typesOf(schema)
      if (types.includes('array')) given[name] = values.flatMap((value) => value.split(',')).filter(Boolean)
      else if (types.includes('integer') || types.includes('number')) {
        if (!/^-?\d+$/.test(raw)) return refused({ [name]: { ...API.badQuery, params: { name } } })
        given[name] = Number(raw)
      } else if (types.includes('boolean')) given[name] = raw === 'true'
      else given[name] = raw
    }
  } else if (text.trim() !== '') {
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return { ok: false, error: new AppError(400, API.notJson) }
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return { ok: false, error: new AppError(400, API.notJson) }
    if (fields)
      for (const key of Object.keys(body)) if (!Object.hasOwn(fields, key)) return refused(unknown(key))
    given = body as Record<string, unknown>
  }
  const fromPath = Object.fromEntries(
    Object.entries(endpoint.params ?? {}).map(([param, field]) => [field, params[param]]),
  )
  return { ok: true, value: { ...endpoint.defaults, ...given, ...fromPath } }
}
