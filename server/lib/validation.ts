import { z } from 'zod'
import { FIELD, REQUEST } from '../../contract/errors/common'
import { saidOf } from '../../contract/say'
import { AppError, type FieldMessage } from './errors'

/**
 * A schema's message with its code: the contract's own (said through `say`), else one for zod's kind of
 * check (its English kept as zod wrote it).
 */
function messageOf(issue: z.core.$ZodIssue): FieldMessage {
  const said = saidOf(issue.message)
  if (said) return said
  if (issue.code === 'invalid_type' && issue.input === undefined)
    return { id: FIELD.required.id, message: issue.message }
  return { id: `field.${issue.code}`, message: issue.message }
}

/** A schema's message by its English alone (checks outside zod): its code when it was said through `say`. */
export function messageOfText(english: string): FieldMessage {
  return saidOf(english) ?? { id: FIELD.invalid.id, message: english }
}

/** A message per field, keyed by dotted path (`details.variants.0.stock`); the first message per field wins. */
export function fieldErrors(issues: z.core.$ZodIssue[], subject: string): Record<string, FieldMessage> {
  const errors: Record<string, FieldMessage> = {}
  for (const issue of issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined]
    for (const key of keys) {
      const field = [...issue.path, ...(key ? [key] : [])].join('.') || '_'
      errors[field] ??= key ? { ...FIELD.unknown, params: { subject, key } } : messageOf(issue)
    }
  }
  return errors
}

/** Validates a value a handler assembled (e.g. a product after changes) as the contract validates input. */
export function parseOrFail<S extends z.ZodType>(schema: S, value: unknown, subject: string): z.output<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success)
    throw new AppError(400, REQUEST.fields, { fields: fieldErrors(parsed.error.issues, subject) })
  return parsed.data
}

const INSTANT = z.iso.datetime({ offset: true })

/**
 * Whether text is an instant PostgreSQL reads as one (a real day of a real month, with its offset): a
 * value from a page marker, checked before it is cast in SQL, where a bad one would be a server error.
 */
export const isInstant = (value: unknown): value is string => INSTANT.safeParse(value).success
