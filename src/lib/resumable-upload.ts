import type { Product, UploadRole, UploadTicket } from '../../contract/catalog.contract'
import { RpcError, rpc } from './rpc'
import { uploadFile } from './upload'

export interface UploadProgress {
  /** Bytes that have reached storage. */
  sent: number
  total: number
  /** What is happening now, for the screen reader and the line under the bar. */
  phase: 'starting' | 'sending' | 'retrying' | 'checking'
}

/** Tries per part before giving up; the waits between them grow (1 s, 2 s, 4 s, …). */
const TRIES_PER_PART = 6

/** Where a started upload's id is kept: one file picked again for a post is not the product's photo. */
const resumeKey = (productId: string, role: UploadRole, file: File) =>
  `soko-upload:${productId}:${role.startsWith('post-') ? `${role}:` : ''}${file.name}:${file.size}:${file.lastModified}`

/**
 * Sends a photo or file to one of the seller's products in parts, straight to storage. A dropped
 * connection retries the part it was sending; a part URL that has expired is signed afresh; and choosing
 * the same file again after a closed tab goes on from the parts that had arrived (the upload's id is kept
 * in localStorage). Resolves with the product and the upload's id once the server has checked and added
 * the upload.
 */
export async function uploadToProduct(
  productId: string,
  role: UploadRole,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<{ product: Product; uploadId: string }> {
  const key = resumeKey(productId, role, file)
  onProgress({ sent: 0, total: file.size, phase: 'starting' })
  let ticket = await resumeOrStart(key, productId, role, file)
  localStorage.setItem(key, ticket.uploadId)
  const done = new Set(ticket.received)
  const partBytes = (n: number) => Math.min(ticket.partSize, file.size - (n - 1) * ticket.partSize)
  const sentSoFar = () => [...done].reduce((sum, n) => sum + partBytes(n), 0)

  while (done.size < ticket.partCount) {
    if (ticket.parts.length === 0) ticket = await rpc('createUploadUrl', { uploadId: ticket.uploadId })
    for (const n of ticket.received) done.add(n)
    const part = ticket.parts.find((p) => !done.has(p.partNumber))
    if (!part) {
      ticket = { ...ticket, parts: [] }
      continue
    }
    const start = (part.partNumber - 1) * ticket.partSize
    const blob = file.slice(start, start + partBytes(part.partNumber))
    const base = sentSoFar()
    try {
      await sendPart(part.url, blob, signal, (fraction, retrying) =>
        onProgress({
          sent: base + Math.round(fraction * blob.size),
          total: file.size,
          phase: retrying ? 'retrying' : 'sending',
        }),
      )
      done.add(part.partNumber)
      ticket = { ...ticket, parts: ticket.parts.filter((p) => p.partNumber !== part.partNumber) }
    } catch (error) {
      // An expired or refused URL: ask for fresh ones (and which parts have arrived) and go on.
      if (error instanceof RpcError && error.status === 403) ticket = { ...ticket, parts: [] }
      else throw error
    }
  }
  onProgress({ sent: file.size, total: file.size, phase: 'checking' })
  const { product } = await rpc('completeUpload', { uploadId: ticket.uploadId })
  localStorage.removeItem(key)
  return { product, uploadId: ticket.uploadId }
}

async function resumeOrStart(
  key: string,
  productId: string,
  role: UploadRole,
  file: File,
): Promise<UploadTicket> {
  const earlier = localStorage.getItem(key)
  if (earlier) {
    try {
      return await rpc('createUploadUrl', { uploadId: earlier })
    } catch {
      localStorage.removeItem(key)
    }
  }
  return rpc('createUploadUrl', {
    productId,
    role,
    fileName: file.name,
    contentType: file.type,
    size: file.size,
  })
}

/** One part, tried again after network failures; 403 (expired) and 4xx answers go back to the caller. */
async function sendPart(
  url: string,
  blob: Blob,
  signal: AbortSignal | undefined,
  onProgress: (fraction: number, retrying: boolean) => void,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await uploadFile(url, blob, null, (fraction) => onProgress(fraction, attempt > 1), signal)
      return
    } catch (error) {
      const status = error instanceof RpcError ? error.status : -1
      const transient = status === 0 || status >= 500 || status === 408 || status === 429
      if (!transient || attempt >= TRIES_PER_PART || signal?.aborted) throw error
      onProgress(0, true)
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** (attempt - 1)))
    }
  }
}
