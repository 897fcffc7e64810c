import { and, desc, eq, ilike, lt } from 'drizzle-orm'
import type { OutboxMessage } from '../../contract/admin.contract'
import type { DbOrTx } from '../db/client'
import { outbox } from '../db/schema'
import { containing } from '../lib/like'
import { uuidv7 } from '../lib/uuid'

/*
 * The outbox table: a copy of every SMS, and of every mail when no SMTP server is configured, written by
 * whichever instance sent it, so the admin's Messages page (and the tests) see every instance's. A mail
 * keeps its exact bytes, as SMTP would carry them, and what a person reads of it, parsed once as it is
 * written.
 */

/** A mail's bytes, or an SMS's number and text. */
export type OutboxContent = { kind: 'mail'; raw: Buffer | string } | { kind: 'sms'; to: string; text: string }

/**
 * Writes one message to the outbox; answers its id (UUIDv7, so ids sort by time). Given a transaction, the
 * copy is kept only if the transaction commits.
 */
export async function writeToOutbox(db: DbOrTx, content: OutboxContent): Promise<string> {
  const id = uuidv7()
  if (content.kind === 'sms') {
    await db.insert(outbox).values({ id, kind: 'sms', recipient: content.to, text: content.text })
    return id
  }
  const raw = typeof content.raw === 'string' ? content.raw : content.raw.toString('utf8')
  const mail = parseMail(raw)
  await db.insert(outbox).values({ id, kind: 'mail', ...mail, raw })
  return id
}

/** Messages in the outbox, newest first; `before` is a message id from an earlier page. */
export async function readOutbox(
  db: DbOrTx,
  options: { before?: string; to?: string; limit?: number } = {},
): Promise<OutboxMessage[]> {
  const query = db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      recipient: outbox.recipient,
      subject: outbox.subject,
      text: outbox.text,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(
      and(
        options.before ? lt(outbox.id, options.before) : undefined,
        options.to ? ilike(outbox.recipient, containing(options.to)) : undefined,
      ),
    )
    .orderBy(desc(outbox.id))
  const rows = options.limit ? await query.limit(options.limit) : await query
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind === 'sms' ? 'sms' : 'mail',
    to: row.recipient,
    subject: row.subject,
    sentAt: row.createdAt.toISOString(),
    text: row.text,
  }))
}

/** A mail's exact bytes as written to the outbox; null when there is no such mail. */
export async function readOutboxMail(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ raw: outbox.raw })
    .from(outbox)
    .where(and(eq(outbox.id, id), eq(outbox.kind, 'mail')))
  return row?.raw ?? null
}

/** Just enough MIME to show a mail we wrote ourselves: headers, and the text/plain part decoded. */
function parseMail(raw: string): { recipient: string; subject: string; text: string } {
  const { headers, body } = splitPart(raw)
  return {
    recipient: decodeWords(headers.get('to') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
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
