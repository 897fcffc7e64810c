import { z } from 'zod'
import { contract } from '../../contract'
import type { ApiEndpoint } from '../../contract/api'

/** A JSON Schema (2020-12, OpenAPI 3.1's dialect) as zod writes it. */
export type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, JsonSchema>
  required?: string[]
  type?: string | string[]
  items?: JsonSchema
}

const cache = new Map<string, { input: JsonSchema; output: JsonSchema }>()

/** zod's JSON Schema of a schema, without the `$schema` line (OpenAPI names the dialect once). */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    // A check zod cannot write (a refinement) is left out: the server still makes it.
    unrepresentable: 'any',
  }) as JsonSchema
  return rest
}

/** The subject's input and output schemas of an endpoint, made once. */
export function subjectSchemas(endpoint: ApiEndpoint) {
  let found = cache.get(endpoint.subject)
  if (!found) {
    const def = contract[endpoint.subject]
    found = { input: jsonSchemaOf(def.input, 'input'), output: jsonSchemaOf(def.output, 'output') }
    cache.set(endpoint.subject, found)
  }
  return found
}

/** The input fields an endpoint takes from its query (GET) or body: the subject's, less path and app-only ones. */
export function takenFields(endpoint: ApiEndpoint): Record<string, JsonSchema> | null {
  const { properties } = subjectSchemas(endpoint).input
  // A body that is one of several shapes (a product of each kind): the subject's schema checks its keys.
  if (!properties) return null
  const fromPath = new Set(Object.values(endpoint.params ?? {}))
  const omitted = new Set(endpoint.omit ?? [])
  return Object.fromEntries(
    Object.entries(properties).filter(([name]) => !fromPath.has(name) && !omitted.has(name)),
  )
}

/** The request body's schema: the subject's input less the fields the path gives and the app's own. */
export function bodySchema(endpoint: ApiEndpoint): JsonSchema {
  const input = subjectSchemas(endpoint).input
  const fields = takenFields(endpoint)
  if (!fields) return input
  const { required: all, ...rest } = input
  const required = (all ?? []).filter((name) => name in fields)
  return { ...rest, properties: fields, ...(required.length > 0 ? { required } : {}) }
}

/** The answer's `data`: the subject's list, its one object, or its whole answer. */
export function dataSchema(endpoint: ApiEndpoint): JsonSchema {
  const output = subjectSchemas(endpoint).output
  const part = endpoint.list ?? endpoint.one
  return part ? (output.properties?.[part] ?? {}) : output
}

/** The JSON types a schema allows (`["string", "null"]`), looking through anyOf. */
export function typesOf(schema: JsonSchema): string[] {
  if (typeof schema.type === 'string') return [schema.type]
  if (Array.isArray(schema.type)) return schema.type
  const anyOf = schema.anyOf as JsonSchema[] | undefined
  return anyOf ? anyOf.flatMap(typesOf) : []
}
