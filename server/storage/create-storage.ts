import path from 'node:path'
import type { Hono } from 'hono'
import type { Config } from '../env'
import { DiskStorage, storageSecret } from './disk'
import { S3Storage } from './s3'
import type { Storage } from './storage'

/** A storage driver with the routes it answers on this server (/files/… signed URLs, /files/public/…). */
export interface ServedStorage extends Storage {
  routes(app: Hono<never>): void
}

/** The S3 bucket when STORAGE_S3_BUCKET is set; else the embedded default, files in DATA_DIR/files. */
export function createStorage(config: Config): ServedStorage {
  if (config.s3) return new S3Storage(config.s3)
  const secret = storageSecret(config.dataDir, config.storageSigningSecret ?? undefined)
  return new DiskStorage(path.join(config.dataDir, 'files'), secret)
}
