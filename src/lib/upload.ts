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
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(
            new RpcError(xhr.status, xhr.responseText || `The upload failed (${xhr.status}). Try again.`),
          )
    xhr.onerror = () =>
      reject(new RpcError(0, 'The upload was interrupted. Check your connection, then try again.'))
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort())
    xhr.send(file)
  })
}
