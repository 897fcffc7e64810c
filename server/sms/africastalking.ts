import type { Fetch } from '../payments/payments'
import type { SmsConfig } from './sms.config'

/**
 * Africa's Talking's bulk SMS API: `POST {base}/version1/messaging`, form-encoded, with the app's apiKey.
 * The answer carries a status code per number; each is mapped to what Soko does next: done, give up with a
 * reason, or try again later.
 */

export type SendOutcome =
  /** The provider took it (100 processed, 101 sent, 102 queued): a delivery report follows. */
  | { outcome: 'sent'; providerId: string; code: number }
  /** Refused for good (4xx): not retried. */
  | { outcome: 'refused'; code: number; reason: string }
  /** The provider or the network failed (5xx, a timeout): worth another try. */
  | { outcome: 'temporary'; code: number | null; reason: string }

/** Each recipient status code, as a person reads it. */
export const RECIPIENT_CODES: Record<number, string> = {
  100: 'Processed',
  101: 'Sent',
  102: 'Queued',
  401: 'Held by the provider as a risk',
  402: 'The sender id is not approved',
  403: 'Not a valid phone number',
  404: 'This kind of number cannot receive SMS',
  405: 'The SMS account has run out of credit',
  406: 'The number has blocked messages from us',
  407: 'The message could not be routed to this network',
  409: 'The number does not accept promotional messages (do not disturb)',
  500: "The provider's internal error",
  501: "The provider's gateway failed",
  502: "Rejected by the provider's gateway",
}

export const INSUFFICIENT_BALANCE = 405
const REQUEST_TIMEOUT_MS = 15_000

export interface SmsSender {
  send(to: string, message: string): Promise<SendOutcome>
}

/** `base` is Africa's Talking's address, or this server's /sandbox/africastalking. */
export function africasTalking(config: SmsConfig, base: string, fetchImpl: Fetch = fetch): SmsSender {
  return {
    async send(to, message) {
      const form = new URLSearchParams({ username: config.username, to: `+${to}`, message })
      if (config.senderId) form.set('from', config.senderId)
      let res: Response
      try {
        res = await fetchImpl(`${base}/version1/messaging`, {
          method: 'POST',
          headers: {
            apiKey: config.apiKey,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        })
      } catch (error) {
        return {
          outcome: 'temporary',
          code: null,
          reason: `The SMS provider could not be reached: ${String(error)}`,
        }
      }
      const body = await res.text()
      if (res.status === 401 || res.status === 403)
        return {
          outcome: 'temporary',
          code: null,
          reason: `The SMS provider refused our credentials (${res.status})`,
        }
      if (!res.ok)
        return { outcome: 'temporary', code: null, reason: `The SMS provider answered ${res.status}` }
      return recipientOutcome(body, to)
    },
  }
}

/** The outcome for `to` in a messaging answer. */
export function recipientOutcome(body: string, to: string): SendOutcome {
  let recipients: { statusCode?: unknown; number?: unknown; messageId?: unknown; status?: unknown }[] = []
  try {
    const parsed = JSON.parse(body) as { SMSMessageData?: { Recipients?: typeof recipients } }
    recipients = parsed.SMSMessageData?.Recipients ?? []
  } catch {
    return { outcome: 'temporary', code: null, reason: 'The SMS provider answered something other than JSON' }
  }
  const mine = recipients.find((r) => String(r.number ?? '').replace(/^\+/, '') === to) ?? recipients[0]
  const code = typeof mine?.statusCode === 'number' ? mine.statusCode : Number(mine?.statusCode)
  if (!mine || !Number.isInteger(code))
    return { outcome: 'temporary', code: null, reason: 'The SMS provider gave no status for the number' }
  const reason = RECIPIENT_CODES[code] ?? `Status ${code}${mine.status ? ` (${String(mine.status)})` : ''}`
  if (code >= 100 && code <= 102) return { outcome: 'sent', providerId: String(mine.messageId ?? ''), code }
  if (code >= 400 && code < 500) return { outcome: 'refused', code, reason }
  return { outcome: 'temporary', code, reason }
}
