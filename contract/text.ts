/**
 * Text no field of Soko's takes: the NUL character (PostgreSQL cannot store it in text) and lone UTF-16
 * surrogates (half a character: no database, page or mail can show it). JSON carries both as `\u0000` and
 * `\ud800`, so every string of every subject's input, and every key, is checked before its schema.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function problem(text: string): string | null {
  if (text.includes('\u0000')) return 'Remove the invisible NUL character (\\u0000) from this text'
  if (LONE_SURROGATE.test(text))
    return 'This text has a broken character (half of an emoji or symbol): type it again'
  return null
}

/**
 * One message per field whose text (or key) cannot be stored, keyed by its dotted path as the schema's
 * messages are; empty when all is well. Walks arrays and objects to the bottom, iteratively.
 */
export function unstorableText(input: unknown): Record<string, string> {
  const errors: Record<string, string> = {}
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }]
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string[] }
    const field = path.join('.') || '_'
    if (typeof value === 'string') {
      const why = problem(value)
      if (why) errors[field] ??= why
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => {
        stack.push({ value: item, path: [...path, String(i)] })
      })
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        const why = problem(key)
        // A bad key is reported on the object holding it: the key itself cannot be shown.
        if (why) errors[field] ??= `A field name here is not valid text: ${why.toLowerCase()}`
        else stack.push({ value: item, path: [...path, key] })
      }
    }
  }
  return errors
}
