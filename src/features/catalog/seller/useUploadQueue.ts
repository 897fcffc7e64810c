import { useRef, useState } from 'react'
import type { Product } from '../../../../contract/catalog.contract'
import { uploadToProduct } from '../../../lib/resumable-upload'
import { failedUpload, type QueuedUpload, queuedUploads } from './MediaField'

/**
 * The photos and files picked in the editor and their uploads. Picked files wait until the product
 * exists (its first save); `send` uploads what waits or failed, one file at a time, and hands each
 * product the server returns to `onUploaded`.
 */
export function useUploadQueue(onUploaded: (product: Product) => void) {
  const [uploads, setUploads] = useState<QueuedUpload[]>([])
  const sending = useRef(false)

  /** Sends what is queued, one file at a time, so parts do not compete for a thin connection. */
  const send = async (target: Product, queue: QueuedUpload[]): Promise<Product> => {
    if (sending.current) return target
    sending.current = true
    let latest = target
    try {
      for (const upload of queue.filter((u) => u.state === 'waiting' || u.state === 'failed')) {
        const patch = (p: Partial<QueuedUpload>) =>
          setUploads((all) => all.map((u) => (u.key === upload.key ? { ...u, ...p } : u)))
        try {
          latest = (
            await uploadToProduct(latest.id, upload.role, upload.file, (progress) =>
              patch({
                sent: progress.sent,
                state: progress.phase === 'starting' ? 'sending' : progress.phase,
              }),
            )
          ).product
          onUploaded(latest)
          setUploads((all) => all.filter((u) => u.key !== upload.key))
        } catch (error) {
          patch(failedUpload(error))
        }
      }
    } finally {
      sending.current = false
    }
    return latest
  }

  /** Queues picked files, and sends them at once when the product already exists. */
  const pick = (role: 'image' | 'file', files: File[], target: Product | null) => {
    const queued = queuedUploads(role, files)
    setUploads((all) => [...all, ...queued])
    if (target) void send(target, queued)
  }

  return { uploads, send, pick }
}
