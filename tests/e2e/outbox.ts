import type { OutboxMessage } from '../../contract/admin.contract'
import { SESSION_EXPIRED } from '../../contract/rpc'
import { linkIn, smsCodeIn } from '../support/outbox'
import { DEMO_ADMIN } from './demo'

/**
 * The outbox of a running server, read through its API as the demo admin (listOutbox, page by page, as
 * /admin/messages does): the server's embedded database is its own, so nothing else can open it.
 */

/** The demo admin's session on each server, signed in once and again when it has ended. */
const sessions = new Map<string, Promise<string>>()

async function signIn(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ subject: 'signIn', ...DEMO_ADMIN }),
  })
  const body = (await res.json()) as { data: { token: string }; message: string }
  if (res.status !== 200) throw new Error(`signIn as the demo admin: ${res.status} ${body.message}`)
  return body.data.token
}

/** Calls an admin subject on the server at baseURL; signs in again once if the session has ended. */
async function asAdmin<T>(baseURL: string, subject: string, input: object, again = true): Promise<T> {
  let session = sessions.get(baseURL)
  if (!session) {
    session = signIn(baseURL)
    sessions.set(baseURL, session)
    session.catch(() => sessions.delete(baseURL))
  }
  const res = await fetch(`${baseURL}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await session}` },
    body: JSON.stringify({ subject, ...input }),
  })
  if ((res.status === SESSION_EXPIRED || res.status === 401) && again) {
    sessions.delete(baseURL)
    return asAdmin(baseURL, subject, input, false)
  }
  const body = (await res.json()) as { data: T; message: string }
  if (res.status !== 200) throw new Error(`${subject}: ${res.status} ${body.message}`)
  return body.data
}

/**
 * Mails (or SMS) in the outbox of the server at baseURL, oldest first, as tests/support/outbox.ts reads a
 * database's; `to` narrows them to recipients containing it, as the admin page's search does.
 */
export async function readOutbox(
  baseURL: string,
  kind: OutboxMessage['kind'] = 'mail',
  to?: string,
): Promise<OutboxMessage[]> {
  const messages: OutboxMessage[] = []
  let before: string | null = null
  do {
    const page: { messages: OutboxMessage[]; next: string | null } = await asAdmin(baseURL, 'listOutbox', {
      ...(before ? { before } : {}),
      ...(to ? { to } : {}),
    })
    messages.push(...page.messages)
    before = page.next
  } while (before)
  return messages.filter((m) => m.kind === kind).reverse()
}

/** The last mail to an address, with the token that follows `prefix` in its link (`/reset/`). */
export async function lastLink(baseURL: string, to: string, prefix: string) {
  return linkIn(await readOutbox(baseURL, 'mail', to), to, prefix)
}

/** The code in the last SMS to a number. */
export async function lastSmsCode(baseURL: string, to: string): Promise<string> {
  return smsCodeIn(await readOutbox(baseURL, 'sms', to), to)
}

/** A mail of the outbox as it would have gone out (attachments and all), by its id. */
export async function outboxMail(baseURL: string, id: string): Promise<string> {
  return (await asAdmin<{ raw: string }>(baseURL, 'getOutboxMail', { id })).raw
}
