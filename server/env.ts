import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import type { FirebaseWebConfig } from '../contract/runtime'

/**
 * The server's whole configuration, read from the environment once and validated here. Nothing else in
 * server/ reads process.env: the config object is passed down. README.md's configuration table lists
 * every variable.
 */
export interface Config {
  host: string
  port: number
  /** Folder of the embedded database, the lock file, local files and the mail outbox. */
  dataDir: string
  /** Real PostgreSQL when set; the embedded PGlite in dataDir otherwise. */
  databaseUrl: string | null
  /** Absolute public address of the site (canonical links, mails, provider callbacks). */
  publicUrl: string
  apiBase: string
  storageHost: string
  /** Key for signed file URLs; null: made once and kept in DATA_DIR/storage-secret. */
  storageSigningSecret: string | null
  geoUrl: string
  firebase: FirebaseWebConfig | null
  challengeSiteKey: string
  /** Turnstile secret: when set, sign-up and contact (and later checkout) require a verified token. */
  challengeSecret: string | null
  /** Where challenge tokens are verified (Cloudflare's siteverify; tests point it at a local server). */
  challengeVerifyUrl: string
  /** SMTP server for mail (`smtp://user:pass@host:587`); null writes mail to DATA_DIR/outbox instead. */
  smtpUrl: string | null
  mailFrom: string
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean
  /** This account gets the admin role at every start (once it exists). */
  adminEmail: string | null
  /** Seed the demo admin, seller and products into an empty database. */
  demoData: boolean
  demoPassword: string
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent'
  /** Project root: where dist/ and server/db/migrations are found, from source or from the bundle. */
  rootDir: string
  /** Folder of the built PWA: DIST_DIR/client, by default dist/client. */
  clientDir: string
}

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], { error: () => 'Use on or off' })
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v))

const schema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'Use a postgres:// connection URL')
    .optional(),
  PUBLIC_URL: z.url({ error: 'Use an absolute URL such as https://soko.example' }).optional(),
  API_BASE: z.string().default(''),
  STORAGE_HOST: z.string().default(''),
  STORAGE_SIGNING_SECRET: z.string().min(32, 'Use at least 32 characters').optional(),
  GEO_URL: z.url().default('https://ipapi.co/json/'),
  FIREBASE_API_KEY: z.string().optional(),
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
  FIREBASE_PROJECT_ID: z.string().optional(),
  FIREBASE_STORAGE_BUCKET: z.string().optional(),
  FIREBASE_MESSAGING_SENDER_ID: z.string().optional(),
  FIREBASE_APP_ID: z.string().optional(),
  TURNSTILE_SITE_KEY: z.string().default(''),
  TURNSTILE_SECRET_KEY: z.string().optional(),
  TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'Use smtp://user:password@host:587 or smtps://…')
    .optional(),
  MAIL_FROM: z.string().optional(),
  TRUST_PROXY: flag.default(false),
  ADMIN_EMAIL: z.email({ error: 'Use the e-mail address of the account to make admin' }).optional(),
  DEMO_DATA: flag.default(true),
  DEMO_PASSWORD: z.string().min(8, 'Use at least 8 characters').default('soko-demo-2026'),
  DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
})

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as in most .env files.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = schema.safeParse(given)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Soko cannot start: fix these environment variables:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const rootDir = findProjectRoot()
  const publicUrl = (
    e.PUBLIC_URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`
  ).replace(/\/+$/, '')
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
    publicUrl,
    apiBase: e.API_BASE.replace(/\/+$/, ''),
    // The embedded disk store answers under this server's /files/: that path is its "storage host".
    storageHost: e.STORAGE_HOST || `${new URL(publicUrl).host}/files/`,
    storageSigningSecret: e.STORAGE_SIGNING_SECRET ?? null,
    geoUrl: e.GEO_URL,
    firebase,
    challengeSiteKey: e.TURNSTILE_SITE_KEY,
    challengeSecret: e.TURNSTILE_SECRET_KEY ?? null,
    challengeVerifyUrl: e.TURNSTILE_VERIFY_URL,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? `Soko <no-reply@${new URL(publicUrl).hostname}>`,
    trustProxy: e.TRUST_PROXY,
    adminEmail: e.ADMIN_EMAIL ?? null,
    demoData: e.DEMO_DATA,
    demoPassword: e.DEMO_PASSWORD,
    logLevel: e.LOG_LEVEL,
    rootDir,
    clientDir: path.join(e.DIST_DIR ? path.resolve(e.DIST_DIR) : path.join(rootDir, 'dist'), 'client'),
  }
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
