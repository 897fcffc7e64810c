/** One line per event: time, level, message, then key=value fields. Never pass secrets or request bodies. */
export type Level = 'debug' | 'info' | 'warn' | 'error'
export type Logger = Record<Level, (message: string, fields?: Record<string, unknown>) => void>

const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export function createLogger(
  level: Level | 'silent' = 'info',
  write = (line: string) => console.log(line),
): Logger {
  const at =
    (lvl: Level) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (order[lvl] < order[level]) return
      const parts = Object.entries(fields).map(([k, v]) => `${k}=${format(v)}`)
      write([new Date().toISOString(), lvl.toUpperCase(), message, ...parts].join(' '))
    }
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}

function format(value: unknown): string {
  if (value instanceof Error) return JSON.stringify(value.stack ?? value.message)
  if (typeof value === 'string') return /^[\w.:/@-]+$/.test(value) ? value : JSON.stringify(value)
  return JSON.stringify(value)
}
