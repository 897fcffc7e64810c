import { z } from 'zod'

/** How webhooks are delivered; README's configuration table names each variable. */
export interface WebhooksConfig {
  /**
   * The development switch: endpoints may be http:// and on this machine (loopback). Off, only https://
   * addresses of public hosts are taken, and no delivery reaches a private, loopback or link-local address.
   */
  allowLoopback: boolean
  /** How long a delivery waits for an answer before it counts as failed (and is tried again). */
  timeoutMs: number
  /** The wait after a delivery's first failed attempt; it doubles after each, up to `retryMaxMs`. */
  retryBaseMs: number
  retryMaxMs: number
  /** How long a delivery is tried, and how long an endpoint may fail before it is disabled. */
  windowMs: number
  /** Deliveries at once in one instance: a slow endpoint holds one of them, never the other jobs. */
  concurrency: number
}

const ms = (min: number, max: number) =>
  z.coerce
    .number({ error: 'Use a number of milliseconds' })
    .int('Use a whole number of milliseconds')
    .min(min, `Use at least ${min} ms`)
    .max(max, `Use at most ${max} ms`)

/** The environment variables of webhooks, added to the server's schema. */
export const webhooksEnv = {
  WEBHOOKS_ALLOW_LOOPBACK: z
    .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], { error: () => 'Use on or off' })
    .transform((v) => ['1', 'true', 'on', 'yes'].includes(v))
    .default(false),
  WEBHOOK_TIMEOUT_MS: ms(100, 60_000).default(10_000),
  WEBHOOK_RETRY_BASE_MS: ms(100, 3_600_000).default(60_000),
  WEBHOOK_RETRY_MAX_MS: ms(100, 86_400_000).default(3_600_000),
  WEBHOOK_RETRY_WINDOW_HOURS: z.coerce
    .number({ error: 'Use a number of hours' })
    .positive('Use more than 0 hours')
    .max(720, 'Use at most 720 hours (30 days)')
    .default(72),
  WEBHOOK_CONCURRENCY: z.coerce
    .number({ error: 'Use a whole number' })
    .int('Use a whole number')
    .min(1, 'Use at least 1')
    .max(100, 'Use at most 100')
    .default(8),
}

type WebhooksEnv = z.output<z.ZodObject<typeof webhooksEnv>>

export function webhooksConfig(e: WebhooksEnv): WebhooksConfig {
  return {
    allowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK,
    timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    retryMaxMs: Math.max(e.WEBHOOK_RETRY_MAX_MS, e.WEBHOOK_RETRY_BASE_MS),
    windowMs: Math.round(e.WEBHOOK_RETRY_WINDOW_HOURS * 3_600_000),
    concurrency: e.WEBHOOK_CONCURRENCY,
  }
}
