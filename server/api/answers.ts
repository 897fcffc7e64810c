import type { ApiEndpoint } from '../../contract/api'
import type { Lang, Message, MessageParams } from '../../contract/i18n'
import type { AppError } from '../lib/errors'
import { translate } from '../lib/i18n'

/** One field's problem, as the API answers it. */
export interface ApiFieldError {
  field: string
  code: string
  message: string
}

/** Every refusal's body: a code to act on, a sentence for a person, and the fields it is about. */
export interface ApiErrorBody {
  error: {
    code: string
    message: string
    /** The first field at fault, or null when the request as a whole is. */
    field: string | null
    fields: ApiFieldError[]
    requestId: string
  }
}

/** An answer before it is sent: its status, its body, and headers of its own. */
export interface ApiAnswer {
  status: number
  body: unknown
  headers?: Record<string, string>
}

/** A refusal made here, in the caller's language. */
export function refusal(
  lang: Lang,
  requestId: string,
  status: number,
  message: Message,
  params?: MessageParams,
  headers?: Record<string, string>,
): ApiAnswer {
  const body: ApiErrorBody = {
    error: {
      code: message.id,
      message: translate(lang, message, params),
      field: null,
      fields: [],
      requestId,
    },
  }
  return { status, body, ...(headers ? { headers } : {}) }
}

/**
 * A subject's refusal as the API answers it: each field named as the request named it (a path parameter
 * by its name in the path), every message in the caller's language.
 */
export function subjectRefusal(
  lang: Lang,
  requestId: string,
  endpoint: ApiEndpoint,
  error: AppError,
): ApiAnswer {
  // A map, not an object: a field named like an object's own members (`toString`) is just a name.
  const pathName = new Map(Object.entries(endpoint.params ?? {}).map(([param, field]) => [field, param]))
  const say = (code: string, english: string) => translate(lang, { id: code, message: english }, error.params)
  const fields = Object.entries(error.errors ?? {}).map(([field, english]) => {
    const [head = field, ...rest] = field.split('.')
    const code = error.fieldCodes?.[field] ?? 'field.invalid'
    return { field: [pathName.get(head) ?? head, ...rest].join('.'), code, message: say(code, english) }
  })
  const body: ApiErrorBody = {
    error: {
      code: error.code,
      message: say(error.code, error.message),
      field: fields[0]?.field ?? null,
      fields,
      requestId,
    },
  }
  return {
    status: error.status,
    body,
    ...(error.retryAfter ? { headers: { 'retry-after': String(error.retryAfter) } } : {}),
  }
}

/** A subject's answer as the API gives it: its list with the next page's cursor, its one object, or all of it. */
export function dataOf(endpoint: ApiEndpoint, output: Record<string, unknown>): unknown {
  if (endpoint.list) return { data: output[endpoint.list], nextCursor: output.nextCursor ?? null }
  return { data: endpoint.one ? output[endpoint.one] : output }
}

/** What a write made or changed, for the activity: the answer's id, else the path's. */
export function targetOf(body: unknown, params: Record<string, string>): string | null {
  const data = (body as { data?: { id?: unknown } } | null)?.data
  if (data && typeof data.id === 'string') return data.id
  return Object.values(params)[0] ?? null
}
