import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { IMAGE_TYPES } from '../../../../contract/catalog.constants'
import type { Product, UploadRole } from '../../../../contract/catalog.contract'
import { RpcError } from '../../../lib/rpc'
import { formatSize } from '../../../lib/size'

/** A file picked for a product and how its upload is going. */
export interface QueuedUpload {
  key: string
  role: UploadRole
  file: File
  sent: number
  state: 'waiting' | 'sending' | 'retrying' | 'checking' | 'failed'
  error?: string
}

/** What a failed upload's row says: the server's words, else that the connection dropped. */
export function failedUpload(error: unknown): Pick<QueuedUpload, 'state' | 'error'> {
  return {
    state: 'failed',
    error: error instanceof RpcError ? error.message : t`The upload stopped. Check your connection.`,
  }
}

/** Picked files, each waiting to upload as `role`, under a key of its own. */
export function queuedUploads(role: UploadRole, files: File[]): QueuedUpload[] {
  return files.map((file) => ({
    key: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`,
    role,
    file,
    sent: 0,
    state: 'waiting' as const,
  }))
}

const STATE_TEXT = {
  waiting: 'Waiting',
  sending: 'Uploading',
  retrying: t`Connection dropped: trying again`,
  checking: t`Checking the file`,
  failed: 'Failed',
} as const

/** One upload's name, progress bar and state, with a way to go on after it failed. */
export function UploadRow({ upload, onRetry }: { upload: QueuedUpload; onRetry: () => void }) {
  const percent = Math.floor((upload.sent / Math.max(1, upload.file.size)) * 100)
  return (
    <li className="upload-row">
      <span className="upload-name">{upload.file.name}</span>
      <progress
        max={upload.file.size}
        value={upload.sent}
        aria-label={t`Upload of ${upload.file.name}`}
        aria-valuetext={`${percent}%`}
      />
      <span className="muted" role="status">
        {STATE_TEXT[upload.state]} ·{' '}
        {t`${formatSize(upload.sent)} of ${formatSize(upload.file.size)} (${percent}%)`}
      </span>
      {upload.state === 'failed' ? (
        <>
          <span className="field-error">{upload.error}</span>
          <button type="button" className="link-button" onClick={onRetry}>
            <Trans>Try again (it goes on from where it stopped)</Trans>
          </button>
        </>
      ) : null}
    </li>
  )
}

/**
 * A product's photos or files: what it has (with a way to remove each), what is uploading, and a picker.
 * Photos show as thumbnails; files by name and size.
 */
export function MediaField({
  assetRole: role,
  product,
  uploads,
  onPick,
  onRemove,
  onRetry,
  error,
  forMembers = false,
}: {
  assetRole: 'image' | 'file'
  /** A membership's files: members of the tiers given each find it in their library. */
  forMembers?: boolean
  product: Product | null
  uploads: QueuedUpload[]
  onPick: (files: File[]) => void
  onRemove: (id: string) => void
  onRetry: (key: string) => void
  error?: string
}) {
  const id = useId()
  const photos = role === 'image'
  const pending = uploads.filter((u) => u.role === role)
  return (
    <fieldset className="fieldset media-field">
      <legend>{photos ? t`Photos` : forMembers ? t`Files for members` : t`Files buyers download`}</legend>
      <p className="field-hint">
        {photos
          ? t`JPEG, PNG or WebP, up to 20 MB each. The first is the cover. Soko makes small copies for phones.`
          : t`PDF, ZIP, audio, video, images, fonts… up to 2 GB each. Large files upload in parts and go on after a dropped connection.`}
      </p>
      {product && (photos ? product.images.length : product.files.length) > 0 ? (
        <ul className={photos ? 'media-thumbs' : 'file-list'}>
          {photos
            ? product.images.map((image, i) => (
                <li key={image.id}>
                  <img
                    src={image.src}
                    srcSet={image.srcset}
                    sizes="6rem"
                    width={96}
                    height={Math.round((96 * image.height) / image.width)}
                    alt=""
                  />
                  <button type="button" className="link-button" onClick={() => onRemove(image.id)}>
                    {t`Remove photo ${i + 1}`}
                  </button>
                </li>
              ))
            : product.files.map((file) => (
                <li key={file.id}>
                  {file.name} <span className="muted">({formatSize(file.size)})</span>{' '}
                  <button type="button" className="link-button" onClick={() => onRemove(file.id)}>
                    <Trans>
                      Remove <span className="visually-hidden">{file.name}</span>
                    </Trans>
                  </button>
                </li>
              ))}
        </ul>
      ) : null}
      {pending.length > 0 ? (
        <ul className="upload-list">
          {pending.map((upload) => (
            <UploadRow key={upload.key} upload={upload} onRetry={() => onRetry(upload.key)} />
          ))}
        </ul>
      ) : null}
      <label htmlFor={id} className="button secondary">
        {photos ? t`Add photos` : t`Add files`}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        multiple
        name={photos ? 'images' : 'files'}
        accept={photos ? IMAGE_TYPES.join(',') : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          onPick([...(e.target.files ?? [])])
          e.target.value = ''
        }}
      />
      {error ? <p className="field-error">{error}</p> : null}
      {!product && pending.length > 0 ? (
        <p className="muted">
          <Trans>Uploads start when you save the draft.</Trans>
        </p>
      ) : null}
    </fieldset>
  )
}
