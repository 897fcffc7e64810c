import { useState } from 'react'
import type { ProductFile } from '../../../contract/catalog.contract'
import { type LibraryFile, libraryId, offlineFileUrl } from '../../../contract/downloads'
import { Icon } from '../../components/Icon'
import { formatDate } from '../../lib/dates'
import { runtimeSettings } from '../../lib/runtime'
import { formatSize } from '../../lib/size'
import { type LibraryEntry, library } from './library'

/** `3 min 20 s`, `45 s`, `2 h 5 min`: time left at the current speed. */
export function durationText(seconds: number): string {
  const s = Math.max(1, Math.round(seconds))
  if (s < 60) return `${s} s`
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`
  return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ''}`
}

/** What a download under way has done: `3.2 MB of 20 MB · 16% · 450 KB/s · 38 s left`. */
export function progressText(entry: LibraryEntry): string {
  const { file, bytes, speed } = entry
  const percent = file.size ? Math.floor((bytes / file.size) * 100) : 100
  const parts = [`${formatSize(bytes)} of ${formatSize(file.size)}`, `${percent}%`]
  if (file.status === 'downloading' && speed && speed > 0) {
    parts.push(`${formatSize(speed)}/s`)
    parts.push(`${durationText((file.size - bytes) / speed)} left`)
  }
  return parts.join(' · ')
}

const STATUS_TEXT: Record<LibraryFile['status'], string> = {
  queued: 'Waiting for the downloads before it',
  downloading: 'Downloading',
  waiting: 'Waiting for the network — it goes on by itself',
  paused: 'Paused',
  done: 'Saved on this device',
  failed: 'Stopped',
}

/** iPhones and iPads: in a home-screen app the download attribute does nothing, the share sheet saves. */
function savesThroughShare(): boolean {
  const ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.maxTouchPoints > 1 && /Mac/.test(navigator.userAgent))
  return ios && typeof navigator.canShare === 'function'
}

/** The kept file's bytes, from the worker (no network). */
async function keptBlob(file: LibraryFile): Promise<Blob> {
  const res = await fetch(offlineFileUrl(file))
  if (!res.ok) throw new Error(await res.text())
  return res.blob()
}

/**
 * Saves a kept file to the device: through the share sheet on iOS (the download attribute does nothing in
 * a home-screen app), elsewhere as a download of its bytes in memory, which works with no network at all.
 */
async function saveKept(file: LibraryFile) {
  const blob = await keptBlob(file)
  if (savesThroughShare()) {
    const shared = new File([blob], file.fileName, { type: file.contentType || blob.type })
    if (!navigator.canShare({ files: [shared] })) throw new Error('This file type cannot be shared')
    await navigator.share({ files: [shared], title: file.fileName })
    return
  }
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = file.fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has taken the bytes once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/**
 * One purchased file in the offline library: download it to this device (resumable, in the background),
 * follow it (bytes, percent, speed, time left), pause, resume, cancel; once kept, open or save it with no
 * network, or delete it from the device.
 */
export function LibraryFileRow({
  orderId,
  file,
  entry,
  disabled,
}: {
  orderId: string
  file: ProductFile
  entry: LibraryEntry | undefined
  /** No downloads left: a file not kept yet cannot start. */
  disabled: boolean
}) {
  const [saveError, setSaveError] = useState<string | null>(null)
  const id = libraryId(orderId, file.id)
  const kept = entry?.file
  const label = <span className="visually-hidden"> {file.name}</span>
  const start = () =>
    library.add({
      orderId,
      fileId: file.id,
      fileName: file.name,
      contentType: file.contentType,
      size: file.size,
      apiBase: runtimeSettings().apiBase,
    })
  return (
    <div className="download-row library-row">
      <span>
        {file.name} <span className="muted">({formatSize(file.size)})</span>
      </span>
      {!kept ? (
        <button type="button" className="button secondary" disabled={disabled} onClick={start}>
          <Icon name="download" size={20} /> Download{label}
        </button>
      ) : (
        <div className="library-state">
          <p className={kept.status === 'failed' ? 'field-error' : 'muted'} role="status" aria-live="polite">
            {STATUS_TEXT[kept.status]}
            {kept.status === 'failed' && kept.error ? `: ${kept.error}` : ''}
            {kept.status === 'done' && kept.doneAt ? ` · ${formatDate(kept.doneAt)}` : ''}
          </p>
          {kept.status !== 'done' ? (
            <>
              <progress max={kept.size || 1} value={entry.bytes} aria-label={`Downloaded of ${file.name}`} />
              <p className="muted library-progress">{progressText(entry)}</p>
            </>
          ) : null}
          <div className="library-actions">
            {kept.status === 'done' ? (
              <>
                <a className="button secondary" href={offlineFileUrl(kept)} target="_blank" rel="noopener">
                  Open{label}
                </a>
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => {
                    setSaveError(null)
                    saveKept(kept).catch((error: unknown) => {
                      if (error instanceof DOMException && error.name === 'AbortError') return
                      setSaveError('The file could not be saved. Try Open, then save it from there.')
                    })
                  }}
                >
                  {savesThroughShare() ? 'Save to Files' : 'Save to device'}
                  {label}
                </button>
                <button type="button" className="link-button" onClick={() => library.remove(id)}>
                  Delete from this device{label}
                </button>
              </>
            ) : kept.status === 'paused' || kept.status === 'failed' ? (
              <>
                <button type="button" className="button secondary" onClick={() => library.resume(id)}>
                  {kept.status === 'paused' ? 'Resume' : 'Try again'}
                  {label}
                </button>
                <button type="button" className="link-button" onClick={() => library.remove(id)}>
                  Cancel{label}
                </button>
              </>
            ) : (
              <>
                <button type="button" className="button secondary" onClick={() => library.pause(id)}>
                  Pause{label}
                </button>
                <button type="button" className="link-button" onClick={() => library.remove(id)}>
                  Cancel{label}
                </button>
              </>
            )}
          </div>
          {saveError ? (
            <p className="field-error" role="alert">
              {saveError}
            </p>
          ) : null}
        </div>
      )}
    </div>
  )
}
