import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ProductFile } from '../../../contract/catalog.contract'
import { type LibraryFile, libraryId, offlineFileUrl } from '../../../contract/downloads'
import { Icon } from '../../components/Icon'
import { formatDate } from '../../lib/dates'
import { translateCode } from '../../lib/i18n'
import { runtimeSettings } from '../../lib/runtime'
import { formatSize } from '../../lib/size'
import { type LibraryEntry, library } from './library'
import { type SaveState, saveKeptByTap, savesThroughShare, useSaveStates } from './save-to-device'

/** `3 min 20 s`, `45 s`, `2 h 5 min`: time left at the current speed. */
export function durationText(seconds: number): string {
  const s = Math.max(1, Math.round(seconds))
  if (s < 60) return t`${s} s`
  if (s < 3600) {
    const minutes = Math.floor(s / 60)
    const rest = s % 60
    return rest ? t`${minutes} min ${rest} s` : t`${minutes} min`
  }
  const hours = Math.floor(s / 3600)
  const minutes = Math.floor((s % 3600) / 60)
  return minutes ? t`${hours} h ${minutes} min` : t`${hours} h`
}

/** What a download under way has done: `3.2 MB of 20 MB · 16% · 450 KB/s · 38 s left`. */
export function progressText(entry: LibraryEntry): string {
  const { file, bytes, speed } = entry
  const percent = file.size ? Math.floor((bytes / file.size) * 100) : 100
  const done = formatSize(bytes)
  const total = formatSize(file.size)
  const parts = [t`${done} of ${total}`, `${percent}%`]
  if (file.status === 'downloading' && speed && speed > 0) {
    const rate = formatSize(speed)
    const left = durationText((file.size - bytes) / speed)
    parts.push(t`${rate}/s`)
    parts.push(t`${left} left`)
  }
  return parts.join(' · ')
}

const STATUS_TEXT: Record<LibraryFile['status'], MessageDescriptor> = {
  queued: msg`Waiting for the downloads before it`,
  downloading: msg`Downloading`,
  waiting: msg`Waiting for the network — it goes on by itself`,
  paused: msg`Paused`,
  done: msg`Saved on this device`,
  failed: msg`Stopped`,
}

/** Where a finished file is, after "Saved on this device". */
function whereText(saved: SaveState | undefined): string {
  if (saved === 'saved') return ` — ${t`in your Downloads folder, and kept in Soko to open with no signal`}`
  if (saved === 'tap')
    return ` — ${t`kept in Soko to open with no signal. Tap “Save to Files” to put it in Files too`}`
  return ` — ${t`kept in Soko to open with no signal`}`
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
  const { t } = useLingui()
  const saved = useSaveStates().get(libraryId(orderId, file.id))
  const id = libraryId(orderId, file.id)
  const kept = entry?.file
  const fileName = file.name
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
          <Icon name="download" size={20} /> <Trans>Download</Trans>
          {label}
        </button>
      ) : (
        <div className="library-state">
          <p className={kept.status === 'failed' ? 'field-error' : 'muted'} role="status" aria-live="polite">
            {t(STATUS_TEXT[kept.status])}
            {kept.status === 'failed' && kept.error
              ? `: ${translateCode(kept.errorCode ?? undefined, kept.errorParams ?? undefined, kept.error)}`
              : ''}
            {kept.status === 'done' ? whereText(saved) : ''}
            {kept.status === 'done' && kept.doneAt ? ` · ${formatDate(kept.doneAt)}` : ''}
          </p>
          {kept.status !== 'done' ? (
            <>
              <progress max={kept.size || 1} value={entry.bytes} aria-label={t`Downloaded of ${fileName}`} />
              <p className="muted library-progress">{progressText(entry)}</p>
            </>
          ) : null}
          <div className="library-actions">
            {kept.status === 'done' ? (
              <>
                {saved === 'tap' ? (
                  <button type="button" className="button" onClick={() => void saveKeptByTap(kept)}>
                    <Trans>Save to Files</Trans>
                    {label}
                  </button>
                ) : null}
                <a className="button secondary" href={offlineFileUrl(kept)} target="_blank" rel="noopener">
                  <Trans>Open</Trans>
                  {label}
                </a>
                {saved === 'tap' ? null : (
                  <button type="button" className="link-button" onClick={() => void saveKeptByTap(kept)}>
                    {saved === 'saved'
                      ? savesThroughShare()
                        ? t`Save to Files again`
                        : t`Save to device again`
                      : savesThroughShare()
                        ? t`Save to Files`
                        : t`Save to device`}
                    {label}
                  </button>
                )}
                <button type="button" className="link-button" onClick={() => library.remove(id)}>
                  <Trans>Delete from this device</Trans>
                  {label}
                </button>
              </>
            ) : kept.status === 'paused' || kept.status === 'failed' ? (
              <>
                <button type="button" className="button secondary" onClick={() => library.resume(id)}>
                  {kept.status === 'paused' ? t`Resume` : t`Try again`}
                  {label}
                </button>
                <button type="button" className="link-button" onClick={() => library.remove(id)}>
                  <Trans>Cancel</Trans>
                  {label}
                </button>
              </>
            ) : (
              <>
                <button type="button" className="button secondary" onClick={() => library.pause(id)}>
                  <Trans>Pause</Trans>
                  {label}
                </button>
                <button type="button" className="link-button" onClick={() => library.remove(id)}>
                  <Trans>Cancel</Trans>
                  {label}
                </button>
              </>
            )}
          </div>
          {kept.status === 'done' && saved === 'failed' ? (
            <p className="field-error" role="alert">
              <Trans>The file could not be saved to the device. Try Open, then save it from there.</Trans>
            </p>
          ) : null}
        </div>
      )}
    </div>
  )
}
