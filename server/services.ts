import { sql } from 'drizzle-orm'
import type { PlatformSettings } from '../contract/settings.contract'
import type { Database, Db } from './db/client'
import { OrderChanges } from './db/order-changes'
import type { Config } from './env'
import { type Resolver, systemResolver } from './lib/address-guard'
import { CheckoutLines } from './lib/checkout-line'
import type { Logger } from './lib/log'
import { createMailer, type Mailer } from './mail/mailer'
import { createGateway, type Gateway } from './payments/gateway'
import type { Fetch } from './payments/payments'
import { buildPlatformSettings } from './platform/platform-settings'
import { defaultTerms, TermsStore } from './platform/terms'
import { createSms, type Sms } from './sms/sms'
import { createStorage, type ServedStorage } from './storage/create-storage'

/**
 * Every service of the app, made once per instance by `createServices` and handed to what does the work:
 * the RPC handlers (their context is these services and the request), the providers' hooks, the routes
 * and the background jobs. A feature's functions take only the slice they use — `Pick<AppServices, …>`,
 * named in the feature (`CheckoutServices`, `PayoutServices`, …) — so a reader sees what each one touches.
 */
export interface AppServices {
  db: Db
  config: Config
  log: Logger
  /** What the client app is told about the platform (live rails, the hold), fixed at start. */
  platform: PlatformSettings
  /** The fees, hold and payout figures in force, which admins change at run time. */
  terms: TermsStore
  mailer: Mailer
  /** Text messages, queued and sent by the job runner. */
  sms: Sms
  storage: ServedStorage
  /** The payment adapters (real providers or the sandbox) and the signed callback addresses. */
  gateway: Gateway
  /** Wakes a buyer's page waiting on an order when a change to it is committed, through any instance. */
  orderChanges: OrderChanges
  /** Each product's checkout line on this instance (bounded; told "sold out" by the other instances). */
  checkoutLines: CheckoutLines
  /** How webhook deliveries resolve a host name before the SSRF guard checks it (tests give their own). */
  webhookResolver: Resolver
}

export interface ServiceChoices {
  config: Config
  database: Database
  log: Logger
  /** How the server reaches an address: its own sandboxes in process, anything else over the network. */
  fetch: Fetch
  /** Defaults to SMTP or the outbox table, as configured. */
  mailer?: Mailer | undefined
  /** Defaults to the storage configured (S3 or DATA_DIR/files); index.ts passes the one it seeded. */
  storage?: ServedStorage | undefined
  /** Defaults to the adapters configured (live providers or this server's sandbox). */
  gateway?: Gateway | undefined
  /** Defaults to Africa's Talking or its sandbox, as configured. */
  sms?: Sms | undefined
  /** Defaults to the system's resolver. */
  webhookResolver?: Resolver | undefined
}

/** The app's services as configured, with any given instead (tests pass fakes of the outside world). */
export function createServices(choices: ServiceChoices): AppServices {
  const { config, database, log } = choices
  const db = database.db
  const mailer = choices.mailer ?? createMailer(config, log, db)
  const gateway = choices.gateway ?? createGateway(config, { sandboxFetch: choices.fetch, log })
  return {
    db,
    config,
    log,
    platform: buildPlatformSettings({
      livePayments: {
        mpesa: config.payments.mpesa.live,
        paypal: config.payments.paypal.live,
        card: config.payments.card.live,
      },
      holdDays: config.payouts.holdDays,
    }),
    terms: new TermsStore(db, defaultTerms(config.payouts)),
    mailer,
    sms: choices.sms ?? createSms({ db, config, log, mailer, fetch: choices.fetch }),
    storage: choices.storage ?? createStorage(config),
    gateway,
    // Buyers' pages waiting for "paid" are woken by the database's notice, not by reading it again and again.
    orderChanges: new OrderChanges(database.notifications),
    webhookResolver: choices.webhookResolver ?? systemResolver,
    checkoutLines: new CheckoutLines({
      limits: config.checkoutLimits.line,
      notifications: database.notifications,
      announce: async (channel, payload) => {
        await db.execute(sql`select pg_notify(${channel}, ${payload})`)
      },
      log,
    }),
  }
}
