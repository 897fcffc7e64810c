import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { OutboxMessage } from '../../contract/admin.contract'
import { uuidv7 } from '../lib/uuid'

/**
 * DATA_DIR/outbox: where mail (.eml, the exact bytes SMTP would carry) and SMS (.sms.json) go when no real
 * service is configured. File names are UUIDv7, so they sort by time.
 */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox')
}

export function writeToOutbox(dataDir: string, kind: 'mail' | 'sms', content: Buffer | string): string {
  const dir = outboxDir(dataDir)
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `${uuidv7()}${kind === 'mail' ? '.eml' : '.sms.json'}`)
  writeFileSync(file, content)
  return file
}

/** Messages in the outbox, newest first; `before` is a message id from an earlier page. */
export function readOutbox(
  dataDir: string,
  options: { before?: string; to?: string; limit?: number } = {},
): OutboxMessage[] {
  const dir = outboxDir(dataDir)
  if (!existsSync(dir)) return []
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.eml') || name.endsWith('.sms.json'))
    .sort()
    .reverse()
  const messages: OutboxMessage[] = []
  const to = options.to?.toLowerCase()
  for (const name of names) {
    const id = name.replace(/\.(eml|sms\.json)$/, '')
    if (options.before && id >= options.before) continue
    const raw = readFileSync(path.join(dir, name), 'utf8')
    const message = name.endsWith('.eml') ? parseMail(id, raw) : parseSms(id, raw)
    if (!message || (to && !message.to.toLowerCase().includes(to))) continue
    messages.push(message)
    if (options.limit && messages.length >= options.limit) break
  }
  return messages
}

/** A UUIDv7 starts with its creation time in milliseconds: 48 bits, 12 hex digits. */
function timeOf(id: string): string {
  const ms = Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)
  return new Date(Number.isNaN(ms) ? 0 : ms).toISOString()
}

function parseSms(id: string, raw: string): OutboxMessage | null {
  try {
    const sms = JSON.parse(raw) as { to: string; text: string }
    return { id, kind: 'sms', to: sms.to, subject: '', sentAt: timeOf(id), text: sms.text }
  } catch {
    return null
  }
}

/** Just enough MIME to show a mail we wrote ourselves: headers, and the text/plain part decoded. */
function parseMail(id: string, raw: string): OutboxMessage {
  const { headers, body } = splitPart(raw)
  return {
    id,
    kind: 'mail',
    to: decodeWords(headers.get('to') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    sentAt: timeOf(id),
    text: (plainText(headers, body) ?? '').trim(),
  }
}

/** The text/plain part, looked for inside nested parts too (a mail with an attachment nests two deep). */
function plainText(headers: Map<string, string>, body: string): string | null {
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1]
  if (!boundary)
    return /^text\/plain/i.test(type) ? decodeBody(body, headers.get('content-transfer-encoding')) : null
  for (const part of body.split(`--${boundary}`).map(splitPart)) {
    const text = part.headers.size > 0 ? plainText(part.headers, part.body) : null
    if (text !== null) return text
  }
  return null
}

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const source = raw.replace(/^\r?\n/, '')
  const end = source.search(/\r?\n\r?\n/)
  const head = end === -1 ? source : source.slice(0, end)
  const body = end === -1 ? '' : source.slice(end).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    case 'quoted-printable':
      return decodeQuotedPrintable(body.replace(/=\r?\n/g, ''))
    default:
      return body
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : ''
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects and names. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
}
