import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState } from 'react'
import { IMAGE_TYPES, POST_MEDIA } from '../../../../contract/catalog.constants'
import type { MembershipPost } from '../../../../contract/membership-posts.contract'
import type { FieldErrors } from '../../../components/Form'
import { uploadToProduct } from '../../../lib/resumable-upload'
import { formatSize } from '../../../lib/size'
import { failedUpload, type QueuedUpload, queuedUploads, UploadRow } from './MediaField'

/** A picture of the post being written: one it had, or one just uploaded (shown from the device). */
export type DraftImage = Pick<MembershipPost['images'][number], 'id' | 'alt' | 'src'> & { srcset?: string }
export type DraftFile = MembershipPost['files'][number]

/**
 * A post's pictures (each with the words that describe it, for members who cannot see it) and files.
 * Picked files upload at once, one at a time, resumably; the post names them when it is saved. While any
 * is uploading, `onUploading` says so, and the post waits.
 */
export function PostMedia({
  productId,
  images,
  files,
  onImages,
  onFiles,
  onUploading,
  errors,
}: {
  productId: string
  images: DraftImage[]
  files: DraftFile[]
  onImages: (change: (images: DraftImage[]) => DraftImage[]) => void
  onFiles: (change: (files: DraftFile[]) => DraftFile[]) => void
  onUploading: (uploading: boolean) => void
  errors: FieldErrors
}) {
  const { t } = useLingui()
  const id = useId()
  const [uploads, setUploads] = useState<QueuedUpload[]>([])
  const queue = useRef(Promise.resolve())
  const pending = useRef(0)

  const send = (upload: QueuedUpload) => {
    const patch = (p: Partial<QueuedUpload>) =>
      setUploads((all) => all.map((u) => (u.key === upload.key ? { ...u, ...p } : u)))
    pending.current++
    onUploading(true)
    queue.current = queue.current.then(async () => {
      try {
        const { uploadId } = await uploadToProduct(productId, upload.role, upload.file, (progress) =>
          patch({ sent: progress.sent, state: progress.phase === 'starting' ? 'sending' : progress.phase }),
        )
        if (upload.role === 'post-image')
          onImages((now) => [...now, { id: uploadId, alt: '', src: URL.createObjectURL(upload.file) }])
        else
          onFiles((now) => [
            ...now,
            { id: uploadId, name: upload.file.name, size: upload.file.size, contentType: upload.file.type },
          ])
        setUploads((all) => all.filter((u) => u.key !== upload.key))
      } catch (error) {
        patch(failedUpload(error))
      } finally {
        pending.current--
        onUploading(pending.current > 0)
      }
    })
  }

  const pick = (role: 'post-image' | 'post-file', picked: File[]) => {
    const queued = queuedUploads(role, picked)
    setUploads((all) => [...all, ...queued])
    for (const upload of queued) send(upload)
  }
  const retry = (key: string) => {
    const upload = uploads.find((u) => u.key === key)
    if (upload) send({ ...upload, state: 'waiting' })
  }
  const rows = (role: 'post-image' | 'post-file') => {
    const mine = uploads.filter((u) => u.role === role)
    return mine.length > 0 ? (
      <ul className="upload-list">
        {mine.map((upload) => (
          <UploadRow key={upload.key} upload={upload} onRetry={() => retry(upload.key)} />
        ))}
      </ul>
    ) : null
  }
  const picker = (role: 'post-image' | 'post-file', label: string, full: boolean) => (
    <>
      <label htmlFor={`${id}-${role}`} className="button secondary" aria-disabled={full || undefined}>
        {label}
      </label>
      <input
        id={`${id}-${role}`}
        className="visually-hidden"
        type="file"
        multiple
        disabled={full}
        accept={role === 'post-image' ? IMAGE_TYPES.join(',') : undefined}
        onChange={(event) => {
          pick(role, [...(event.target.files ?? [])])
          event.target.value = ''
        }}
      />
    </>
  )

  return (
    <>
      <fieldset className="fieldset media-field">
        <legend>
          <Trans>Pictures</Trans>
        </legend>
        <p className="field-hint">
          <Trans>
            JPEG, PNG or WebP, up to 20 MB each, shown under the words. Say what each shows, for members who
            cannot see it.
          </Trans>
        </p>
        {images.length > 0 ? (
          <ol className="post-images">
            {images.map((image, i) => (
              <li key={image.id}>
                <img src={image.src} srcSet={image.srcset} sizes="6rem" alt="" />
                <label className="field">
                  <span>{t`What picture ${i + 1} shows`}</span>
                  <input
                    value={image.alt}
                    maxLength={300}
                    aria-invalid={errors[`images.${i}.alt`] ? true : undefined}
                    onChange={(event) => {
                      const alt = event.target.value
                      onImages((now) => now.map((one) => (one.id === image.id ? { ...one, alt } : one)))
                    }}
                  />
                </label>
                {errors[`images.${i}.id`] || errors[`images.${i}.alt`] ? (
                  <p className="field-error">{errors[`images.${i}.id`] ?? errors[`images.${i}.alt`]}</p>
                ) : null}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => onImages((now) => now.filter((one) => one.id !== image.id))}
                >
                  {t`Remove picture ${i + 1}`}
                </button>
              </li>
            ))}
          </ol>
        ) : null}
        {rows('post-image')}
        {picker('post-image', t`Add pictures to the post`, images.length >= POST_MEDIA.imagesPerPost)}
        {errors.images ? <p className="field-error">{errors.images}</p> : null}
      </fieldset>
      <fieldset className="fieldset media-field">
        <legend>
          <Trans>Files to download</Trans>
        </legend>
        <p className="field-hint">
          <Trans>Up to 2 GB each. Members download them from the post, and can keep them offline.</Trans>
        </p>
        {files.length > 0 ? (
          <ul className="file-list">
            {files.map((file, i) => (
              <li key={file.id}>
                {file.name} <span className="muted">({formatSize(file.size)})</span>{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => onFiles((now) => now.filter((one) => one.id !== file.id))}
                >
                  <Trans>
                    Remove <span className="visually-hidden">{file.name}</span>
                  </Trans>
                </button>
                {errors[`fileIds.${i}`] ? <p className="field-error">{errors[`fileIds.${i}`]}</p> : null}
              </li>
            ))}
          </ul>
        ) : null}
        {rows('post-file')}
        {picker('post-file', t`Add files to the post`, files.length >= POST_MEDIA.filesPerPost)}
        {errors.fileIds ? <p className="field-error">{errors.fileIds}</p> : null}
      </fieldset>
    </>
  )
}
