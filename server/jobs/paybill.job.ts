import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client'
import { providerState } from '../db/schema'
import { clock } from '../lib/clock'
import type { Logger } from '../lib/log'
import type { Gateway } from '../payments/gateway'
import { PaymentProviderError } from '../payments/payments'
import { defineJob, exponentialBackoff } from './define'
import { enqueue } from './store'

/**
 * M-Pesa sends Paybill (C2B) confirmations only to the addresses registered for the short code, and live
 * Daraja registers a short code's addresses once (a second registration is refused until they are deleted
 * on its portal). So the registration is made by a job, once for every instance, and remembered in
 * `provider_state` under `mpesa.c2b:{short code}`: the addresses M-Pesa was given and when. The job is
 * queued at start and when an invoice gives the Paybill number out, unless the stored registration already
 * names this deployment's addresses; a refusal or an M-Pesa that cannot be reached is retried by the runner.
 */

/** What the registration works with: the database, M-Pesa and the addresses it calls back, the log. */
export interface PaybillDeps {
  db: Db
  gateway: Pick<Gateway, 'mpesa' | 'urls'>
  log: Logger
}

/** The registration as stored: what M-Pesa was told, and when. */
export interface PaybillRegistration extends Record<string, unknown> {
  shortCode: string
  confirmationUrl: string
  validationUrl: string
  registeredAt: string
}

/** About 70 hours of tries, an hour apart after the first few: time for an operator to fix a refusal. */
const REGISTER_ATTEMPTS = 72

export const paybillStateKey = (shortCode: string) => `mpesa.c2b:${shortCode}`

/** The addresses this deployment wants M-Pesa to call for its short code. */
function wanted(gateway: PaybillDeps['gateway']) {
  return {
    shortCode: gateway.mpesa.c2bShortCode,
    confirmationUrl: gateway.urls.c2bConfirmation,
    validationUrl: gateway.urls.c2bValidation,
  }
}

/** The stored registration of this deployment's short code, if any. */
export async function storedPaybill(deps: Pick<PaybillDeps, 'db' | 'gateway'>) {
  const [row] = await deps.db
    .select()
    .from(providerState)
    .where(eq(providerState.key, paybillStateKey(deps.gateway.mpesa.c2bShortCode)))
  return (row?.value as PaybillRegistration | undefined) ?? null
}

/** Whether M-Pesa is known to have this deployment's addresses (a changed PUBLIC_URL or secret: not). */
async function registered(deps: Pick<PaybillDeps, 'db' | 'gateway'>): Promise<boolean> {
  const stored = await storedPaybill(deps)
  const want = wanted(deps.gateway)
  return stored?.confirmationUrl === want.confirmationUrl && stored.validationUrl === want.validationUrl
}

/**
 * Registers the addresses unless the stored registration already names them, and stores what was
 * registered. Throws when M-Pesa refuses or cannot be reached: the job runner tries again later.
 */
export async function registerPaybill(deps: PaybillDeps): Promise<'registered' | 'unchanged'> {
  if (await registered(deps)) return 'unchanged'
  const want = wanted(deps.gateway)
  try {
    await deps.gateway.mpesa.registerC2bUrls({
      confirmationUrl: want.confirmationUrl,
      validationUrl: want.validationUrl,
    })
  } catch (error) {
    // The job's last error says what M-Pesa said, for whoever looks at a registration that keeps failing.
    if (error instanceof PaymentProviderError) throw new Error(`${error.message} (${error.detail})`)
    throw error
  }
  const now = clock.now()
  const value: PaybillRegistration = { ...want, registeredAt: now.toISOString() }
  await deps.db
    .insert(providerState)
    .values({ key: paybillStateKey(want.shortCode), value, updatedAt: now })
    .onConflictDoUpdate({ target: providerState.key, set: { value, updatedAt: now } })
  deps.log.info('Paybill addresses registered with M-Pesa', { shortCode: want.shortCode })
  return 'registered'
}

/** The job that registers the addresses; the server's runner runs it. */
export function paybillRegistration(deps: PaybillDeps) {
  return defineJob({
    name: 'mpesa.register-paybill',
    payload: z.object({}),
    maxAttempts: REGISTER_ATTEMPTS,
    // 30 s, 1 min, 2 min, … then hourly.
    backoffMs: exponentialBackoff(30_000, 3_600_000),
    async run() {
      await registerPaybill(deps)
    },
  })
}

/**
 * Queues the registration unless the stored one names this deployment's addresses: at start, and before an
 * invoice gives the Paybill number out. Under one key per short code, so instances starting at once queue
 * one, and a registration already waiting to be retried is not queued again. Nothing waits on it: a
 * failure to queue is logged, and the next start or invoice queues it. Answers the job's id, if queued.
 */
export async function queuePaybillRegistration(deps: PaybillDeps): Promise<string | null> {
  try {
    if (await registered(deps)) return null
    return await enqueue(
      deps.db,
      paybillRegistration(deps),
      {},
      { uniqueKey: `register:${paybillStateKey(deps.gateway.mpesa.c2bShortCode)}` },
    )
  } catch (error) {
    deps.log.error('could not queue the Paybill registration with M-Pesa', { error })
    return null
  }
}
