import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createScratchDatabase } from './db'
import { freePort } from './net'
import { startS3rver } from './s3rver'

export interface Cluster {
  /** The new PostgreSQL database the instances share. */
  databaseUrl: string
  /** What every instance shares: the database, the two secrets and the bucket. */
  shared: Record<string, string>
  /** One more instance's environment: the shared part, its own DATA_DIR, a free port. */
  instanceEnv(extra?: Record<string, string>): Promise<Record<string, string>>
  /** Drops the database, stops the bucket and removes every instance's data folder. */
  close(): Promise<void>
}

/**
 * What several instances of Soko share in production, for tests that start them as processes: a scratch
 * PostgreSQL database, the same HOOKS_SECRET and STORAGE_SIGNING_SECRET, and an S3-compatible bucket.
 * Each instance gets a data folder of its own, as each host would have, so nothing can pass through one.
 */
export async function startCluster(): Promise<Cluster> {
  const scratch = await createScratchDatabase()
  const s3 = await startS3rver()
  const dataDirs: string[] = []
  const shared = {
    DATABASE_URL: scratch.url,
    HOOKS_SECRET: randomBytes(24).toString('base64url'),
    STORAGE_SIGNING_SECRET: randomBytes(24).toString('base64url'),
    STORAGE_S3_BUCKET: s3.settings.bucket,
    STORAGE_S3_ENDPOINT: s3.settings.endpoint ?? '',
    STORAGE_S3_REGION: s3.settings.region,
    STORAGE_S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
    STORAGE_S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    STORAGE_S3_FORCE_PATH_STYLE: 'on',
    LOG_LEVEL: 'warn',
  }
  return {
    databaseUrl: scratch.url,
    shared,
    async instanceEnv(extra = {}) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'soko-instance-'))
      dataDirs.push(dataDir)
      return { ...shared, DATA_DIR: dataDir, PORT: String(await freePort()), ...extra }
    },
    async close() {
      await scratch.drop()
      await s3.close()
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
    },
  }
}
