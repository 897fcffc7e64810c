import type { ProductFile } from '../../../contract/catalog.contract'
import { type LibraryFile, libraryId, offlineFileUrl } from '../../../contract/downloads'
import { Icon } from '../../components/Icon'
import { formatDate } from '../../lib/dates'
import { runtimeSettings } from '../../lib/runtime'
import { formatSize } from '../../lib/size'
import { type LibraryEntry, library } from './library'
import { type SaveState, saveKeptByTap, savesThroughShare, useSaveStates } from './save-to-device'

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

/** Where a finished file is, after "Saved on this device". */
function whereText(saved: SaveState | undefined): string {
  if (saved === 'saved') return ' — in your Downloads folder, and kept in Soko to open with no signal'
  if (saved === 'tap')
    return ' — kept in Soko to open with no signal. Tap “Save to Files” to put it in Files too'
  return ' — kept in Soko to open with no signal'
}

/**
 * One purchased file in the offline library. One action, "Download": it comes to this phone resumably in
 * the background (bytes, percent, speed, time left; pause, resume, cancel), is kept in Soko for use with no
 * signal, and once whole goes to the device's Downloads as well; the row says where it is. A kept file can
 * then be opened, saved to the device again (no network needed) or deleted from the device.
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
  const saved = useSaveStates().get(libraryId(orderId, file.id))
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
            {kept.status === 'done' ? whereText(saved) : ''}
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
                {saved === 'tap' ? (
                  <button type="button" className="button" onClick={() => void saveKeptByTap(kept)}>
                    Save to Files{label}
                  </button>
                ) : null}
                <a className="button secondary" href={offlineFileUrl(kept)} target="_blank" rel="noopener">
                  Open{label}
                </a>
                {saved === 'tap' ? null : (
                  <button type="button" className="link-button" onClick={() => void saveKeptByTap(kept)}>
                    {savesThroughShare() ? 'Save to Files' : 'Save to device'}
                    {saved === 'saved' ? ' again' : ''}
                    {label}
                  </button>
                )}
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
          {kept.status === 'done' && saved === 'failed' ? (
            <p className="field-error" role="alert">
              The file could not be saved to the device. Try Open, then save it from there.
            </p>
          ) : null}
        </div>
      )}
    </div>
  )
}
