import { CHALLENGE } from '../../contract/errors/challenge'
import type { Message } from '../../contract/i18n'
import type { Config } from '../env'
import { AppError } from './errors'
import type { Logger } from './log'

const VERIFY_TIMEOUT_MS = 5000

/**
 * Checks a bot-challenge (Turnstile) token with the provider. Without a configured secret the challenge is
 * off and nothing is checked (README "Bot challenge"); with one, a missing, failed or reused token is a 400
 * on the form's challenge field, and a provider that does not answer is a 503, never a silent pass.
 */
export async function verifyChallenge(
  ctx: { config: Config; log: Logger; ip: string; requestId: string },
  token: string | undefined,
): Promise<void> {
  const { challengeSecret, challengeVerifyUrl } = ctx.config
  if (!challengeSecret) return
  const refused = (message: Message) => new AppError(400, message, { fields: { challengeToken: message } })
  if (!token) throw refused(CHALLENGE.missing)
  let outcome: { success?: boolean; 'error-codes'?: string[] }
  try {
    const response = await fetch(challengeVerifyUrl, {
      method: 'POST',
      body: new URLSearchParams({ secret: challengeSecret, response: token, remoteip: ctx.ip }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`)
    outcome = (await response.json()) as typeof outcome
  } catch (error) {
    ctx.log.error('bot challenge could not be verified', { requestId: ctx.requestId, error })
    throw new AppError(503, CHALLENGE.unavailable)
  }
  if (outcome.success !== true) {
    ctx.log.info('bot challenge failed', { requestId: ctx.requestId, codes: outcome['error-codes'] })
    throw refused(CHALLENGE.failed)
  }
}
