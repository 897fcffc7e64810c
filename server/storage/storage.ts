import type { Readable } from 'node:stream'

/**
 * Where files live: uploads arrive straight from the browser on short-lived signed URLs (on this server's
 * /files/ for the disk driver, on the bucket's presigned URLs for S3), and are read back through this
 * server's /files/ on signed URLs (private files) or stable public URLs (keys under `public/`, e.g. resized
 * images), whichever driver holds them: disk (the embedded default, ./disk.ts) or S3-compatible (./s3.ts).
 */
export interface StoredObject {
  size: number
  contentType: string
}

/** One part of a resumable upload that has arrived. */
export interface UploadedPart {
  partNumber: number
  size: number
  etag: string
}

/** Parts of a multipart upload are 5 MiB at least (S3's floor), except the last. */
export const MIN_PART_BYTES = 5 * 1024 * 1024
/** S3's ceiling on parts per upload. */
export const MAX_PARTS = 10_000

export interface DownloadOptions {
  expiresInSeconds: number
  /** The name the file is saved under, any Unicode; without it the browser names it from the URL. */
  fileName?: string
}

export interface Storage {
  /** A URL the browser PUTs the file to, with exactly this Content-Type and at most maxBytes. */
  uploadUrl(
    key: string,
    opts: { contentType: string; maxBytes: number; expiresInSeconds: number },
  ): Promise<string>
  /**
   * A URL that reads a private file until it expires. With `fileName` the browser saves it under that name
   * (Content-Disposition: attachment); the name is part of what is signed, so it cannot be changed.
   */
  downloadUrl(key: string, opts: DownloadOptions): Promise<string>
  stat(key: string): Promise<StoredObject | null>
  /** Versions of files (strong ETags) and their bytes by range, as the /files/ route serves them. */
  readonly fileSource: FileSource
  read(key: string): Promise<Buffer>
  /** The object's bytes as a stream, for files too large to hold in memory. */
  readStream(key: string): Promise<Readable>
  write(key: string, body: Buffer, contentType: string): Promise<void>
  delete(key: string): Promise<void>

  /**
   * Resumable uploads: the browser PUTs numbered parts to signed URLs, the server asks which have arrived
   * (so an interrupted upload goes on from there) and joins them. S3 multipart upload; on disk, part
   * files joined on completion. Returns the multipart upload's id.
   */
  startMultipart(key: string, contentType: string): Promise<string>
  partUploadUrl(
    key: string,
    multipartId: string,
    partNumber: number,
    /** `bytes`: the part's exact size; more or fewer are refused (on S3 through a signed Content-Length). */
    opts: { bytes: number; expiresInSeconds: number },
  ): Promise<string>
  /** The parts that have arrived, in order; [] for an upload that is unknown or gone. */
  listParts(key: string, multipartId: string): Promise<UploadedPart[]>
  completeMultipart(key: string, multipartId: string, parts: UploadedPart[]): Promise<void>
  abortMultipart(key: string, multipartId: string): Promise<void>
}

/** Keys are made by the server: path segments of safe characters, no `..`, no leading slash. */
export const SAFE_KEY = /^(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)*[A-Za-z0-9][A-Za-z0-9._-]*$/

/** The key named by a request path, or null when its percent-encoding is broken. */
export function decodedKey(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded)
  } catch {
    return null
  }
}

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((s) => s === '..' || s === '.'))
    throw new Error(`unsafe storage key: ${key}`)
}

/**
 * The address of a `public/` key: always this server's /files/public/…, whatever the driver, so addresses
 * kept in the database or in caches never change when storage moves.
 */
export function publicFilePath(key: string): string {
  assertSafeKey(key)
  if (!key.startsWith('public/')) throw new Error(`not a public key: ${key}`)
  return `/files/${key}`
}

/**
 * The Content-Disposition that saves a download as `fileName` (RFC 6266): the exact name in `filename*`,
 * percent-encoded UTF-8 (RFC 8187), and an ASCII look-alike in `filename` for clients that know no other.
 */
export function attachmentDisposition(fileName: string): string {
  // Through UTF-8 and back, so a lone surrogate becomes U+FFFD instead of making encodeURIComponent throw;
  // control characters and path separators have no place in a file name.
  const name = Buffer.from(fileName, 'utf8')
    .toString('utf8')
    .replace(/[\p{Cc}/\\]/gu, '_')
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\p{Pd}/gu, '-')
    // Quotes and backslashes would end or escape the quoted string; some clients decode `%` in it.
    .replace(/[^\x20-\x7e]|["\\%]/g, '_')
  // RFC 8187 allows fewer characters bare than encodeURIComponent leaves.
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

/** One version of a stored file: what the answer says about it. */
export interface FileVersion {
  size: number
  /** Strong and quoted: it names these exact bytes, so If-Range can resume on it. */
  etag: string
  lastModified: Date
  contentType: string
}

/**
 * What the /files/ endpoint needs of a driver: the current version of a file, then bytes of exactly that
 * version. Between the two the file may be replaced; `stream` then rejects with FileChangedError rather
 * than send bytes of another version under this ETag, and the endpoint looks again.
 */
export interface FileSource {
  /** The file as it is now, or null when there is none. */
  stat(key: string): Promise<FileVersion | null>
  /** Bytes `start` to `end` (both included) of the version tagged `ifMatch`. */
  stream(key: string, opts: { start: number; end: number; ifMatch: string }): Promise<Readable>
}
