import type { Message, MessageParams } from '../../contract/i18n'
import { english } from './i18n'

/** A field's message: a message, with its own placeholders' values when it has any. */
export type FieldMessage = Message & { params?: MessageParams }

export interface AppErrorOptions {
  /** Values of the message's `{placeholders}`; they go to the client with the code. */
  params?: MessageParams
  /** One message per invalid field, keyed by dotted path (400 only). */
  fields?: Record<string, FieldMessage>
  /** Seconds until trying again makes sense (429), sent as Retry-After. */
  retryAfter?: number
}

/**
 * An error meant for the person calling: its status, its code (the message's stable id, which the app
 * shows in the person's language) and its English reach them. Any other exception is a bug and answers
 * 500 with a message that says nothing about the inside.
 */
export class AppError extends Error {
  override name = 'AppError'
  /** The message's id: stable, so clients can tell errors apart and translate them. */
  readonly code: string
  readonly params?: MessageParams
  /** The English per invalid field, keyed by dotted path. */
  readonly errors?: Record<string, string>
  /** The code per invalid field. */
  readonly fieldCodes?: Record<string, string>
  readonly retryAfter?: number

  constructor(
    readonly status: number,
    message: Message,
    options: AppErrorOptions = {},
  ) {
    super(english(message, options.params))
    this.code = message.id
    if (options.params) this.params = options.params
    if (options.retryAfter !== undefined) this.retryAfter = options.retryAfter
    if (options.fields) {
      const fields = Object.entries(options.fields)
      this.errors = Object.fromEntries(fields.map(([key, field]) => [key, english(field, field.params)]))
      this.fieldCodes = Object.fromEntries(fields.map(([key, field]) => [key, field.id]))
      // A field's own values travel with the error's, for the client to fill the field's message.
      for (const [, field] of fields) if (field.params) this.params = { ...field.params, ...this.params }
    }
  }
}

/** PostgreSQL's unique_violation, from pg, PGlite, or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const pgError = e as Error & { code?: string; constraint?: string }
    if (pgError.code === '23505') return constraint === undefined || pgError.constraint === constraint
  }
  return false
}
