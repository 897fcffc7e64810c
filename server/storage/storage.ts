/**
 * Where files live: uploads arrive straight from the browser on short-lived signed URLs, and are read back
 * on signed URLs (private files) or stable public URLs (keys under `public/`, e.g. resized images).
 * The disk driver is the embedded default; issue "Catalog" adds the S3-compatible one behind this interface.
 */
export interface StoredObject {
  size: number
  contentType: string
}

export interface Storage {
  /** A URL the browser PUTs the file to, with exactly this Content-Type and at most maxBytes. */
  uploadUrl(
    key: string,
    opts: { contentType: string; maxBytes: number; expiresInSeconds: number },
  ): Promise<string>
  /** A URL that reads a private file until it expires. */
  downloadUrl(key: string, opts: { expiresInSeconds: number }): Promise<string>
  stat(key: string): Promise<StoredObject | null>
  read(key: string): Promise<Buffer>
  write(key: string, body: Buffer, contentType: string): Promise<void>
  delete(key: string): Promise<void>
}

/** Keys are made by the server: path segments of safe characters, no `..`, no leading slash. */
export const SAFE_KEY = /^(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)*[A-Za-z0-9][A-Za-z0-9._-]*$/

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
