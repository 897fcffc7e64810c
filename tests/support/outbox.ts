import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export interface OutboxMail {
  file: string
  to: string
  subject: string
  /** The decoded message source: headers and all parts. */
  source: string
}

/** Mails in DATA_DIR/outbox, oldest first (file names are UUIDv7, so they sort by time). */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const raw = readFileSync(path.join(dir, name), 'utf8')
      // Undo quoted-printable soft line breaks and escapes, enough to read links and words.
      const source = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)))
      const header = (name: string) => raw.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1]?.trim() ?? ''
      return { file: name, to: header('To'), subject: header('Subject'), source }
    })
}

/** The last mail to an address, with the token that follows `prefix` in its link (`/reset/`, `/invite?code=`). */
export function lastLink(dataDir: string, to: string, prefix: string): { mail: OutboxMail; token: string } {
  const mail = readOutbox(dataDir)
    .filter((m) => m.to.includes(to))
    .at(-1)
  if (!mail) throw new Error(`no mail to ${to} in the outbox`)
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const token = mail.source.match(new RegExp(`${escaped}([\\w-]+)`))?.[1]
  if (!token) throw new Error(`no ${prefix} link in "${mail.subject}"`)
  return { mail, token }
}
