import type { Db } from '../../db/client'
import type { Logger } from '../../lib/log'
import type { Fetch } from '../payments'
import type { PaymentsConfig } from '../payments.config'
import { SandboxStore } from './store'

/** What each simulator gets: its records, the credentials it accepts, and where to send webhooks. */
export interface SandboxDeps {
  store: SandboxStore
  /** The sandbox accepts exactly these credentials (env.ts SANDBOX) and signs with these secrets. */
  payments: PaymentsConfig
  /** This server's public address: the simulators' pages and API live under `${publicUrl}/sandbox/…`. */
  publicUrl: string
  /** Where PayPal's and Stripe's simulators post webhooks (M-Pesa's posts to each request's CallBackURL). */
  webhookUrl: (provider: 'paypal' | 'stripe') => string
  log: Logger
  fetch: Fetch
}

export function sandboxDeps(opts: {
  db: Db
  payments: PaymentsConfig
  publicUrl: string
  log: Logger
  fetch?: Fetch
}): SandboxDeps {
  return {
    store: new SandboxStore(opts.db),
    payments: opts.payments,
    publicUrl: opts.publicUrl,
    webhookUrl: (provider) => `${opts.publicUrl}/hooks/${provider}`,
    log: opts.log,
    fetch: opts.fetch ?? fetch,
  }
}
