import { FIELD } from './errors/common'
import type { Message, MessageParams } from './i18n'

/**
 * Text no field of Soko's takes: the NUL character (PostgreSQL cannot store it in text) and lone UTF-16
 * surrogates (half a character: no database, page or mail can show it). JSON carries both as `\u0000` and
 * `\ud800`, so every string of every subject's input, and every key, is checked before its schema.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function problem(text: string): Message | null {
  if (text.includes('\u0000')) return FIELD.nul
  if (LONE_SURROGATE.test(text)) return FIELD.brokenCharacter
  return null
}

/** A place in the input: its key and the place holding it (a chain, so going deeper copies nothing). */
interface Place {
  key: string
  parent: Place | null
}

/** The dotted path of a place, built only when a message needs it. */
function pathOf(place: Place | null): string {
  const keys: string[] = []
  for (let at = place; at; at = at.parent) keys.push(at.key)
  return keys.reverse().join('.') || '_'
}

/**
 * One message per field whose text (or key) cannot be stored, keyed by its dotted path as the schema's
 * messages are; empty when all is well. Walks arrays and objects to the bottom, iteratively, in time linear
 * in the size of the input however deep it nests.
 */
export function unstorableText(input: unknown): Record<string, Message & { params?: MessageParams }> {
  const errors: Record<string, Message & { params?: MessageParams }> = {}
  const stack: { value: unknown; place: Place | null }[] = [{ value: input, place: null }]
  while (stack.length > 0) {
    const { value, place } = stack.pop() as { value: unknown; place: Place | null }
    if (typeof value === 'string') {
      const why = problem(value)
      if (why) errors[pathOf(place)] ??= why
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => {
        stack.push({ value: item, place: { key: String(i), parent: place } })
      })
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        const why = problem(key)
        // A bad key is reported on the object holding it: the key itself cannot be shown.
        if (why) errors[pathOf(place)] ??= { ...FIELD.badKey, params: { why: why.message.toLowerCase() } }
        else stack.push({ value: item, place: { key, parent: place } })
      }
    }
  }
  return errors
}
