import { t } from '@lingui/core/macro'
import { RpcError, withAuthorization } from './rpc'

/**
 * PUTs a file to a signed storage URL with progress. XMLHttpRequest, because fetch() reports no upload
 * progress. Headers go through the API client's rule, so the storage host never gets the Authorization
 * header: the signature in the URL is the permission (docs/product.md (Calls)).
 */
export function uploadFile(
  url: string,
  file: Blob,
  /** null for a part of a resumable upload: its type was given when the upload started. */
  contentType: string | null,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', url)
    withAuthorization(url, new Headers(contentType ? { 'Content-Type': contentType } : {})).forEach(
      (value, name) => {
        xhr.setRequestHeader(name, value)
      },
    )
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      const status = xhr.status
      if (status >= 200 && status < 300) resolve()
      else reject(new RpcError(status, xhr.responseText || t`The upload failed (${status}). Try again.`))
    }
    xhr.onerror = () =>
      reject(new RpcError(0, t`The upload was interrupted. Check your connection, then try again.`))
    xhr.onabort = () => reject(new DOMException(t`The upload was cancelled`, 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort())
    xhr.send(file)
  })
}
