import type { OutboxMessage } from '../../contract/admin.contract'
import { readOutbox as readNewestFirst } from '../../server/mail/outbox'

/** Mails and SMS in DATA_DIR/outbox, oldest first, read by the same code as the admin page. */
export function readOutbox(dataDir: string, kind: OutboxMessage['kind'] = 'mail'): OutboxMessage[] {
  return readNewestFirst(dataDir)
    .filter((m) => m.kind === kind)
    .reverse()
}

/** The last mail to an address, with the token that follows `prefix` in its link (`/reset/`, `/invite?code=`). */
export function lastLink(
  dataDir: string,
  to: string,
  prefix: string,
): { mail: OutboxMessage; token: string } {
  const mail = readOutbox(dataDir)
    .filter((m) => m.to.includes(to))
    .at(-1)
  if (!mail) throw new Error(`no mail to ${to} in the outbox`)
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const token = mail.text.match(new RegExp(`${escaped}([\\w-]+)`))?.[1]
  if (!token) throw new Error(`no ${prefix} link in "${mail.subject}"`)
  return { mail, token }
}

/** The code in the last SMS to a number. */
export function lastSmsCode(dataDir: string, to: string): string {
  const sms = readOutbox(dataDir, 'sms')
    .filter((m) => m.to === to)
    .at(-1)
  const code = sms?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no SMS code to ${to} in the outbox`)
  return code
}
