import type { z } from 'zod'
import { AppError } from './errors'

/** A message per field, keyed by dotted path (`details.variants.0.stock`); the first message per field wins. */
export function fieldErrors(issues: z.core.$ZodIssue[], subject: string): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined]
    for (const key of keys) {
      const field = [...issue.path, ...(key ? [key] : [])].join('.') || '_'
      errors[field] ??= key ? `Unknown field: ${subject} does not take ${key}` : issue.message
    }
  }
  return errors
}

/** Validates a value a handler assembled (e.g. a product after changes) as the contract validates input. */
export function parseOrFail<S extends z.ZodType>(schema: S, value: unknown, subject: string): z.output<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success)
    throw new AppError(
      400,
      'Some fields need attention: see errors',
      fieldErrors(parsed.error.issues, subject),
    )
  return parsed.data
}
