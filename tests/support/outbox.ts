import type { OutboxMessage } from '../../contract/admin.contract'
import type { DbOrTx } from '../../server/db/client'
import { readOutbox as readNewestFirst } from '../../server/mail/outbox'

/** Mails and SMS in the outbox table, oldest first, read by the same code as the admin page. */
export async function readOutbox(db: DbOrTx, kind: OutboxMessage['kind'] = 'mail'): Promise<OutboxMessage[]> {
  return (await readNewestFirst(db)).filter((m) => m.kind === kind).reverse()
}

/** The last mail to an address, with the token that follows `prefix` in its link (`/reset/`, `/invite?code=`). */
export async function lastLink(
  db: DbOrTx,
  to: string,
  prefix: string,
): Promise<{ mail: OutboxMessage; token: string }> {
  return linkIn(await readOutbox(db), to, prefix)
}

/** The code in the last SMS to a number. */
export async function lastSmsCode(db: DbOrTx, to: string): Promise<string> {
  return smsCodeIn(await readOutbox(db, 'sms'), to)
}

/** lastLink's search, in mails read oldest first (from the database, or through a server's API). */
export function linkIn(
  mails: OutboxMessage[],
  to: string,
  prefix: string,
): { mail: OutboxMessage; token: string } {
  const mail = mails.filter((m) => m.to.includes(to)).at(-1)
  if (!mail) throw new Error(`no mail to ${to} in the outbox`)
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const token = mail.text.match(new RegExp(`${escaped}([\\w-]+)`))?.[1]
  if (!token) throw new Error(`no ${prefix} link in "${mail.subject}"`)
  return { mail, token }
}

/** lastSmsCode's search, in SMS read oldest first. */
export function smsCodeIn(texts: OutboxMessage[], to: string): string {
  const sms = texts.filter((m) => m.to === to).at(-1)
  const code = sms?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no SMS code to ${to} in the outbox`)
  return code
}
