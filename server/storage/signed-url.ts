import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { clock } from '../lib/clock'
import { assertSafeKey, type DownloadOptions } from './storage'

/**
 * The signing secret: STORAGE_SIGNING_SECRET when set (several instances sharing a disk or a bucket need the
 * same one), else made once and kept in DATA_DIR/storage-secret, readable by this user only.
 */
export function storageSecret(dataDir: string, fromEnv?: string): Buffer {
  if (fromEnv) return Buffer.from(fromEnv, 'utf8')
  const file = path.join(dataDir, 'storage-secret')
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' })
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8')
}

/** What a signed URL of this server's /files/ allows. */
export interface Grant {
  method: 'PUT' | 'GET'
  key: string
  expires: number
  contentType?: string
  maxBytes?: number
  /** `{multipartId}:{partNumber}` for a part of a resumable upload. */
  part?: string
  /** The name a download is saved under. */
  fileName?: string
}

/** Signs and checks the URLs this server answers under /files/, whichever driver holds the bytes. */
export class UrlSigner {
  constructor(private readonly secret: Buffer) {}

  sign(grant: Grant): string {
    const payload = [
      grant.method,
      grant.key,
      grant.expires,
      grant.contentType ?? '',
      grant.maxBytes ?? '',
      grant.part ?? '',
      // Only when there is one, so the links given out before names were signed stay good.
      ...(grant.fileName === undefined ? [] : [grant.fileName]),
    ].join('\n')
    return createHmac('sha256', this.secret).update(payload).digest('base64url')
  }

  /** Whether a request carries a valid, unexpired signature for this grant. */
  verify(grant: Grant, signature: string): boolean {
    if (!Number.isFinite(grant.expires) || grant.expires * 1000 < clock.ms()) return false
    const expected = Buffer.from(this.sign(grant))
    const given = Buffer.from(signature)
    return expected.length === given.length && timingSafeEqual(expected, given)
  }

  /** `/files/{key}?expires=…&name=…&sig=…`: a path on this server that reads a private file until it expires. */
  downloadPath(key: string, opts: DownloadOptions): string {
    assertSafeKey(key)
    const expires = Math.floor(clock.ms() / 1000) + opts.expiresInSeconds
    const fileName = opts.fileName || undefined
    const query = new URLSearchParams({
      expires: String(expires),
      ...(fileName ? { name: fileName } : {}),
      sig: this.sign({ method: 'GET', key, expires, fileName }),
    })
    return `/files/${key}?${query}`
  }
}
