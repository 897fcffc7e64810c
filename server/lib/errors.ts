/**
 * An error meant for the person calling: its status and message reach them as they are. Any other
 * exception is a bug and answers 500 with a message that says nothing about the inside.
 */
export class AppError extends Error {
  override name = 'AppError'
  constructor(
    readonly status: number,
    message: string,
    /** One message per invalid field, keyed by dotted path (400 only). */
    readonly errors?: Record<string, string>,
    /** Seconds until trying again makes sense (429), sent as Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(message)
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
