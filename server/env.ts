import { existsSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import type { FirebaseWebConfig } from '../contract/runtime'
import { type PaymentsConfig, paymentsConfig, paymentsEnv, providerIssues } from './payments/payments.config'
import { SANDBOX } from './payments/sandbox-credentials'
import { type PayoutsConfig, payoutsConfig, payoutsEnv } from './platform/payouts.config'
import { type WebhooksConfig, webhooksConfig, webhooksEnv } from './platform/webhooks.config'
import { type SmsConfig, smsConfig, smsEnv, smsIssues } from './sms/sms.config'

export { SANDBOX }

/**
 * The server's whole configuration, read from the environment once and validated here. Nothing else in
 * server/ reads process.env: the config object is passed down. README.md's configuration table lists
 * every variable.
 */
export interface Config {
  host: string
  port: number
  /** Folder of the embedded database, the lock file and local files. */
  dataDir: string
  /** Real PostgreSQL when set; the embedded PGlite in dataDir otherwise. */
  databaseUrl: string | null
  /**
   * With DATABASE_URL: the migrations run on this connection (a role that owns the tables) and the app's
   * queries on DATABASE_URL's (a role that cannot alter them). Null: both on DATABASE_URL's.
   */
  migrationDatabaseUrl: string | null
  /**
   * With DATABASE_URL: where the connection that listens for the database's notices goes, when
   * DATABASE_URL is a pooler that cannot keep a LISTEN (PgBouncer in transaction mode). Null: DATABASE_URL.
   */
  databaseListenUrl: string | null
  /** Absolute public address of the site (canonical links, mails, provider callbacks). */
  publicUrl: string
  apiBase: string
  storageHost: string
  /** Key for signed file URLs; null: made once and kept in DATA_DIR/storage-secret. */
  storageSigningSecret: string | null
  /** Files in this S3(-compatible) bucket when set; on disk in DATA_DIR/files otherwise. */
  s3: S3Settings | null
  geoUrl: string
  firebase: FirebaseWebConfig | null
  /** Where the keys that sign Firebase ID tokens are published (Google's; a local server in tests). */
  firebaseKeysUrl: string
  challengeSiteKey: string
  /** Turnstile secret: when set, sign-up and contact (and later checkout) require a verified token. */
  challengeSecret: string | null
  /** Where challenge tokens are verified (Cloudflare's siteverify; tests point it at a local server). */
  challengeVerifyUrl: string
  /** SMTP server for mail (`smtp://user:pass@host:587`); null writes mail to the outbox table instead. */
  smtpUrl: string | null
  mailFrom: string
  /** Take the client address from X-Forwarded-For's right-most entry, the hop our proxy added. */
  trustProxy: boolean
  /** This account gets the admin role at every start (once it exists). */
  adminEmail: string | null
  /** Seed the demo admin, seller and products into an empty database. */
  demoData: boolean
  demoPassword: string
  /** How long a signed link to a purchased file lives; downloads under way ask for a fresh one. */
  downloadLinkSeconds: number
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent'
  /**
   * Throw at once when the root database is used while a transaction of the same call is open
   * (server/db/transaction-guard.ts). On in development and tests, off in production.
   */
  transactionGuard: boolean
  /**
   * How long a request may take before it is answered 503 (the work may go on: a mutation is told it may
   * still complete). Streams already started and uploads are not cut.
   */
  requestDeadlineMs: number
  /**
   * How long a stopping server gives requests in flight and background jobs before it cuts them off;
   * closing the database gets 5 s more, and then the process exits whatever still hangs.
   */
  drainMs: number
  /** Payment providers: each is in sandbox mode (Soko's local simulator) until its keys are set. */
  payments: PaymentsConfig
  /** How far one requester can go with unpaid checkouts: against hoarded stock and prompt spam. */
  checkoutLimits: CheckoutLimits
  /** The background job runner (server/jobs/runner.ts). */
  jobs: { pollMs: number; leaseMs: number }
  /** Sellers' webhooks: the development switch, the timeout and the retry schedule. */
  webhooks: WebhooksConfig
  sms: SmsConfig
  /** Holds, fees, limits and approvals of money out (server/platform/payouts.config.ts). */
  payouts: PayoutsConfig
  /** Project root: where dist/ and server/db/migrations are found, from source or from the bundle. */
  rootDir: string
  /** Folder of the built PWA: DIST_DIR/client, by default dist/client. */
  clientDir: string
}

/**
 * Limits on starting checkouts. Many honest buyers share one address (mobile networks put whole towns
 * behind carrier-grade NAT, and a ticket drop brings them all at once), so the per-address limit is only a
 * ceiling against floods; the limits per phone, device and buyer do the real work.
 */
export interface CheckoutLimits {
  /** M-Pesa prompts to one phone number: at most `max` per `windowSeconds`, each window checked. */
  promptsPerPhone: { max: number; windowSeconds: number }[]
  /** Checkouts started from one client address, whoever is behind it. */
  perAddress: { max: number; windowSeconds: number }
  /** Checkouts started from one device: the id the app sends (X-Soko-Device), when it sends one. */
  perDevice: { max: number; windowSeconds: number }
  /** Checkouts started by one buyer: the account when signed in, else the e-mail address given. */
  perBuyer: { max: number; windowSeconds: number }
  /** Units (tickets, items, booked times) one buyer may hold in unpaid orders of one product. */
  unitsHeldPerBuyer: number
  /**
   * Each product's checkout line on one instance: `width` checkouts are let in at a time (placing their
   * orders one at a time), at most `maxWaiting` wait to go in, each at most `maxWaitMs`; beyond either the
   * buyer hears "Busy" (503, Retry-After).
   */
  line: { width: number; maxWaiting: number; maxWaitMs: number }
}

/** Where the S3 driver keeps files. The secret is here only to be handed to the SDK: never log it. */
export interface S3Settings {
  bucket: string
  /** An S3-compatible service's address; null: AWS, from the region. */
  endpoint: string | null
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Address the bucket as ENDPOINT/BUCKET/ rather than BUCKET.ENDPOINT (most self-hosted services need it). */
  forcePathStyle: boolean
}

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], { error: () => 'Use on or off' })
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v))

/** A limit's count: a whole number of at least 1. */
/** A duration in whole milliseconds from `min` to `max`; `most` names the longest in words. */
const milliseconds = (min: number, max: number, most: string) =>
  z.coerce
    .number({ error: 'Use a number of milliseconds' })
    .int('Use a whole number of milliseconds')
    .min(min, `Use at least ${min} ms`)
    .max(max, `Use at most ${most} (${max})`)

const count = (what: string) =>
  z.coerce
    .number({ error: `Use a whole number of ${what}` })
    .int(`Use a whole number of ${what}`)
    .min(1, 'Use at least 1')

const schema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'Use a postgres:// connection URL')
    .optional(),
  MIGRATION_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'Use a postgres:// connection URL')
    .optional(),
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'Use a postgres:// connection URL')
    .optional(),
  PUBLIC_URL: z.url({ error: 'Use an absolute URL such as https://soko.example' }).optional(),
  API_BASE: z.string().default(''),
  STORAGE_HOST: z.string().default(''),
  STORAGE_SIGNING_SECRET: z.string().min(32, 'Use at least 32 characters').optional(),
  STORAGE_S3_BUCKET: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/, "Use the bucket's name only (soko-files), not a URL")
    .optional(),
  STORAGE_S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: "Use the S3-compatible service's address, such as https://s3.eu-central-1.example.com",
    })
    .optional(),
  STORAGE_S3_REGION: z.string().default('us-east-1'),
  STORAGE_S3_ACCESS_KEY_ID: z.string().optional(),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().optional(),
  STORAGE_S3_FORCE_PATH_STYLE: flag.default(false),
  GEO_URL: z.url().default('https://ipapi.co/json/'),
  FIREBASE_API_KEY: z.string().optional(),
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
  FIREBASE_PROJECT_ID: z.string().optional(),
  FIREBASE_STORAGE_BUCKET: z.string().optional(),
  FIREBASE_MESSAGING_SENDER_ID: z.string().optional(),
  FIREBASE_APP_ID: z.string().optional(),
  // Where Google publishes the keys that sign Firebase ID tokens (a JSON Web Key Set).
  FIREBASE_KEYS_URL: z
    .url()
    .default('https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com'),
  TURNSTILE_SITE_KEY: z.string().default(''),
  TURNSTILE_SECRET_KEY: z.string().optional(),
  TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'Use smtp://user:password@host:587 or smtps://…')
    .optional(),
  MAIL_FROM: z.string().optional(),
  TRUST_PROXY: flag.default(false),
  SINGLE_INSTANCE: flag.default(false),
  STORAGE_DISK_SHARED: flag.default(false),
  ADMIN_EMAIL: z.email({ error: 'Use the e-mail address of the account to make admin' }).optional(),
  DEMO_DATA: flag.default(true),
  DEMO_PASSWORD: z.string().min(8, 'Use at least 8 characters').default('soko-demo-2026'),
  DOWNLOAD_LINK_SECONDS: z.coerce
    .number({ error: 'Use a number of seconds' })
    .int('Use a whole number of seconds')
    .min(1, 'Use at least 1 second')
    .max(86_400, 'Use at most a day (86400)')
    .default(600),
  DIST_DIR: z.string().optional(),
  ...paymentsEnv,
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
  TRANSACTION_GUARD: flag.optional(),
  REQUEST_DEADLINE_MS: milliseconds(100, 600_000, 'ten minutes').default(30_000),
  LIMIT_PROMPTS_PER_PHONE_MINUTE: count('M-Pesa prompts').default(1),
  LIMIT_PROMPTS_PER_PHONE_HOUR: count('M-Pesa prompts').default(5),
  LIMIT_CHECKOUTS_PER_ADDRESS_MINUTE: count('checkouts').default(300),
  LIMIT_CHECKOUTS_PER_DEVICE: count('checkouts').default(20),
  LIMIT_CHECKOUTS_PER_BUYER: count('checkouts').default(20),
  LIMIT_UNITS_HELD_PER_BUYER: count('units').default(10),
  CHECKOUT_LINE_WIDTH: count('checkouts').max(100, 'Use at most 100').default(4),
  CHECKOUT_LINE_MAX: count('buyers waiting').default(500),
  CHECKOUT_LINE_WAIT_MS: milliseconds(100, 60_000, 'a minute').default(10_000),
  JOB_POLL_MS: milliseconds(50, 60_000, 'a minute').default(1000),
  JOB_LEASE_MS: milliseconds(300, 3_600_000, 'an hour').default(30_000),
  DRAIN_MS: milliseconds(100, 600_000, 'ten minutes').default(20_000),
  ...smsEnv,
  ...webhooksEnv,
  ...payoutsEnv,
})

/** A migration or listening connection is for the PostgreSQL of DATABASE_URL: alone it would be ignored. */
function databaseIssues(e: z.infer<typeof schema>): { path: string[]; message: string }[] {
  if (e.DATABASE_URL) return []
  return [
    ...(e.MIGRATION_DATABASE_URL
      ? [
          {
            path: ['MIGRATION_DATABASE_URL'],
            message:
              'Set DATABASE_URL too: MIGRATION_DATABASE_URL only applies the migrations to that PostgreSQL',
          },
        ]
      : []),
    ...(e.DATABASE_LISTEN_URL
      ? [
          {
            path: ['DATABASE_LISTEN_URL'],
            message: 'Set DATABASE_URL too: DATABASE_LISTEN_URL only says where to listen to that PostgreSQL',
          },
        ]
      : []),
  ]
}

/**
 * On a PostgreSQL every instance may share, each instance must sign and check links with the same keys and
 * see the same files. Unset, the keys come from a file in the instance's own DATA_DIR and files stay on its
 * own disk: a callback signed by one instance would be refused by the next, a download link would break.
 * So that is refused, unless SINGLE_INSTANCE=on says this is the only one.
 */
function clusterIssues(e: z.infer<typeof schema>): { path: string[]; message: string }[] {
  if (!e.DATABASE_URL || e.SINGLE_INSTANCE) return []
  const alone = 'or SINGLE_INSTANCE=on if this is the only instance on this database'
  const issues: { path: string[]; message: string }[] = []
  if (!e.HOOKS_SECRET)
    issues.push({
      path: ['HOOKS_SECRET'],
      message: `Set it to the same secret on every instance (32 characters or more), ${alone}`,
    })
  if (!e.STORAGE_SIGNING_SECRET)
    issues.push({
      path: ['STORAGE_SIGNING_SECRET'],
      message: `Set it to the same secret on every instance, ${alone}`,
    })
  if (!e.STORAGE_S3_BUCKET && !e.STORAGE_DISK_SHARED)
    issues.push({
      path: ['STORAGE_S3_BUCKET'],
      message: `Files would stay on this instance's disk: set STORAGE_S3_BUCKET, or STORAGE_DISK_SHARED=on if DATA_DIR/files is one folder every instance mounts, ${alone}`,
    })
  return issues
}

/** The S3 settings go together: a bucket needs both keys, and without a bucket the others would be ignored. */
function s3Issues(e: z.infer<typeof schema>): { path: string[]; message: string }[] {
  const keys = ['STORAGE_S3_ACCESS_KEY_ID', 'STORAGE_S3_SECRET_ACCESS_KEY'] as const
  if (e.STORAGE_S3_BUCKET)
    return keys
      .filter((name) => !e[name])
      .map((name) => ({
        path: [name],
        message:
          "Set it: STORAGE_S3_BUCKET is set, and the bucket's access key ID and secret are both needed",
      }))
  return (['STORAGE_S3_ENDPOINT', ...keys] as const)
    .filter((name) => e[name])
    .map((name) => ({
      path: [name],
      message: 'Set STORAGE_S3_BUCKET to store files in S3, or unset this to keep files on disk',
    }))
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as in most .env files.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = schema.safeParse(given)
  const issues = parsed.success
    ? [
        ...databaseIssues(parsed.data),
        ...clusterIssues(parsed.data),
        ...s3Issues(parsed.data),
        ...providerIssues(parsed.data),
        ...smsIssues(parsed.data),
      ]
    : parsed.error.issues
  if (!parsed.success || issues.length) {
    const lines = issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Soko cannot start: fix these environment variables:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const rootDir = findProjectRoot()
  const publicUrl = (
    e.PUBLIC_URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`
  ).replace(/\/+$/, '')
  const s3: S3Settings | null =
    e.STORAGE_S3_BUCKET && e.STORAGE_S3_ACCESS_KEY_ID && e.STORAGE_S3_SECRET_ACCESS_KEY
      ? {
          bucket: e.STORAGE_S3_BUCKET,
          endpoint: e.STORAGE_S3_ENDPOINT?.replace(/\/+$/, '') ?? null,
          region: e.STORAGE_S3_REGION,
          accessKeyId: e.STORAGE_S3_ACCESS_KEY_ID,
          secretAccessKey: e.STORAGE_S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.STORAGE_S3_FORCE_PATH_STYLE,
        }
      : null
  const firebase =
    e.FIREBASE_API_KEY && e.FIREBASE_PROJECT_ID
      ? {
          apiKey: e.FIREBASE_API_KEY,
          authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com`,
          projectId: e.FIREBASE_PROJECT_ID,
          storageBucket: e.FIREBASE_STORAGE_BUCKET ?? '',
          messagingSenderId: e.FIREBASE_MESSAGING_SENDER_ID ?? '',
          appId: e.FIREBASE_APP_ID ?? '',
        }
      : null
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL ?? null,
    databaseListenUrl: e.DATABASE_LISTEN_URL ?? null,
    publicUrl,
    apiBase: e.API_BASE.replace(/\/+$/, ''),
    // The embedded disk store answers under this server's /files/: that path is its "storage host".
    storageHost: e.STORAGE_HOST || (s3 ? s3StorageHost(s3) : `${new URL(publicUrl).host}/files/`),
    storageSigningSecret: e.STORAGE_SIGNING_SECRET ?? null,
    s3,
    geoUrl: e.GEO_URL,
    firebase,
    firebaseKeysUrl: e.FIREBASE_KEYS_URL,
    challengeSiteKey: e.TURNSTILE_SITE_KEY,
    challengeSecret: e.TURNSTILE_SECRET_KEY ?? null,
    challengeVerifyUrl: e.TURNSTILE_VERIFY_URL,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? `Soko <no-reply@${new URL(publicUrl).hostname}>`,
    trustProxy: e.TRUST_PROXY,
    adminEmail: e.ADMIN_EMAIL ?? null,
    demoData: e.DEMO_DATA,
    demoPassword: e.DEMO_PASSWORD,
    downloadLinkSeconds: e.DOWNLOAD_LINK_SECONDS,
    logLevel: e.LOG_LEVEL,
    transactionGuard: e.TRANSACTION_GUARD ?? e.NODE_ENV !== 'production',
    requestDeadlineMs: e.REQUEST_DEADLINE_MS,
    drainMs: e.DRAIN_MS,
    payments: paymentsConfig(e),
    checkoutLimits: {
      promptsPerPhone: [
        { max: e.LIMIT_PROMPTS_PER_PHONE_MINUTE, windowSeconds: 60 },
        { max: e.LIMIT_PROMPTS_PER_PHONE_HOUR, windowSeconds: 3600 },
      ],
      perAddress: { max: e.LIMIT_CHECKOUTS_PER_ADDRESS_MINUTE, windowSeconds: 60 },
      perDevice: { max: e.LIMIT_CHECKOUTS_PER_DEVICE, windowSeconds: 600 },
      perBuyer: { max: e.LIMIT_CHECKOUTS_PER_BUYER, windowSeconds: 600 },
      unitsHeldPerBuyer: e.LIMIT_UNITS_HELD_PER_BUYER,
      line: {
        width: e.CHECKOUT_LINE_WIDTH,
        maxWaiting: e.CHECKOUT_LINE_MAX,
        maxWaitMs: e.CHECKOUT_LINE_WAIT_MS,
      },
    },
    jobs: { pollMs: e.JOB_POLL_MS, leaseMs: e.JOB_LEASE_MS },
    sms: smsConfig(e),
    webhooks: webhooksConfig(e),
    payouts: payoutsConfig(e),
    rootDir,
    clientDir: path.join(e.DIST_DIR ? path.resolve(e.DIST_DIR) : path.join(rootDir, 'dist'), 'client'),
  }
}

/**
 * Where the S3 driver's presigned URLs point, as the AWS SDK builds them: BUCKET.HOST when the bucket can be
 * a host name, HOST/BUCKET/ when path-style is forced, the host is an IP address, or the name cannot be
 * one (dots over https, capitals, underscores).
 */
export function s3StorageHost(s3: S3Settings): string {
  const endpoint = new URL(s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`)
  const label = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/
  const hostable =
    label.test(s3.bucket) ||
    (endpoint.protocol === 'http:' &&
      s3.bucket.length <= 63 &&
      s3.bucket.split('.').every((l) => label.test(l)))
  const virtual = !s3.forcePathStyle && !isIP(endpoint.hostname.replace(/^\[|\]$/g, '')) && hostable
  return virtual ? `${s3.bucket}.${endpoint.host}` : `${endpoint.host}/${s3.bucket}/`
}

/** The nearest folder upwards holding package.json: the same answer from server/ and from dist/server/. */
export function findProjectRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir)
      throw new ConfigError(`No package.json above ${from}: run Soko from its project folder`)
    dir = parent
  }
  return dir
}
