import path from 'node:path'
import type { Hono } from 'hono'
import type { Config } from '../env'
import type { Logger } from '../lib/log'
import { DiskStorage } from './disk'
import { S3Storage } from './s3'
import { storageSecret } from './signed-url'
import type { Storage } from './storage'

/** A storage driver with the routes it answers on this server (/files/… signed URLs, /files/public/…). */
export interface ServedStorage extends Storage {
  /** `log` gets what the client is not shown, such as why the bucket failed. */
  routes(log: Logger): Hono
}

/** The S3 bucket when STORAGE_S3_BUCKET is set; else the embedded default, files in DATA_DIR/files. */
export function createStorage(config: Config): ServedStorage {
  // Both drivers sign the download URLs of this server's /files/ with it.
  const secret = storageSecret(config.dataDir, config.storageSigningSecret ?? undefined)
  if (config.s3) return new S3Storage(config.s3, secret)
  return new DiskStorage(path.join(config.dataDir, 'files'), secret)
}
