import pino, { type DestinationStream } from 'pino'

/**
 * One JSON line per event (pino): `level`, `time`, `msg`, then the event's fields. Never pass request
 * bodies; secrets are kept out anyway: fields named like one are replaced, and the secret parts of
 * signed or keyed URLs in any text are blanked.
 */
export type Level = 'debug' | 'info' | 'warn' | 'error'
export type Logger = Record<Level, (message: string, fields?: Record<string, unknown>) => void>

/** Field names whose value is a secret, at the top of an event or one level down. */
const SECRET_FIELDS = [
  'password',
  'token',
  'idToken',
  'accessToken',
  'authorization',
  'cookie',
  'secret',
  'apiKey',
  'accessKey',
]

/** The secret part of a URL's query: a signature, a credential, an access key or token. */
const SECRET_QUERY =
  /([?&](?:x-amz-signature|x-amz-credential|signature|sig|key|token|access_token)=)[^&\s"']+/gi

/** Blanks the secret parts of signed or keyed URLs in a text. */
export const withoutSecrets = (text: string) => text.replace(SECRET_QUERY, '$1[redacted]')

function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return withoutSecrets(value)
  if (value instanceof Error || depth > 1 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1))
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrub(item, depth + 1)]))
}

/**
 * A logger at `level` ('silent' writes nothing). Lines go to standard output, or to `write` (without their
 * newline) when given, as the tests read them; `pretty` makes them readable for a person (npm run dev).
 */
export function createLogger(
  level: Level | 'silent' = 'info',
  write?: (line: string) => void,
  opts: { pretty?: DestinationStream } = {},
): Logger {
  const destination: DestinationStream =
    opts.pretty ??
    (write
      ? { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) }
      : // Standard output as console.log writes it: a synchronous destination that retries a full pipe
        // would stall the event loop while the reader (a log collector, the tests' runner) catches up.
        process.stdout)
  const logger = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Errors as their type, message and stack (they carry no secrets of ours, and their text is scrubbed).
      serializers: { error: pino.stdSerializers.err },
      redact: {
        paths: [...SECRET_FIELDS, ...SECRET_FIELDS.map((name) => `*.${name}`)],
        censor: '[redacted]',
      },
    },
    destination,
  )
  const at =
    (lvl: Level) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (!logger.isLevelEnabled(lvl)) return
      const scrubbed = scrub(fields) as Record<string, unknown>
      if (fields.error instanceof Error)
        scrubbed.error = Object.assign(Object.create(Object.getPrototypeOf(fields.error)), fields.error, {
          message: withoutSecrets(fields.error.message),
          stack: withoutSecrets(fields.error.stack ?? ''),
        })
      logger[lvl](scrubbed, withoutSecrets(message))
    }
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}
