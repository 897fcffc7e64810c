import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../../contract/accounts.constants'
import type { User } from '../../../contract/accounts.contract'
import { Avatar } from '../../components/Avatar'
import { FormMessage } from '../../components/Form'
import { RpcError, rpc } from '../../lib/rpc'
import { storeUser } from '../../lib/session'
import { uploadFile } from '../../lib/upload'

type Step = { kind: 'idle' } | { kind: 'uploading'; progress: number } | { kind: 'processing' }

/** The profile photo: pick a file, watch it upload, and see it cropped square. */
export function AvatarField({ user, onChange }: { user: User; onChange: () => void }) {
  const { t } = useLingui()
  const id = useId()
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const [message, setMessage] = useState<string | null>(null)

  const choose = async (file: File | undefined) => {
    if (!file) return
    setMessage(null)
    const contentType = file.type as (typeof AVATAR_TYPES)[number]
    if (!AVATAR_TYPES.includes(contentType)) return setMessage(t`Choose a JPEG, PNG or WebP picture.`)
    if (file.size > AVATAR_MAX_BYTES) return setMessage(t`Choose a picture under 5 MB.`)
    try {
      setStep({ kind: 'uploading', progress: 0 })
      const { uploadId, uploadUrl } = await rpc('createAvatarUpload', { contentType, size: file.size })
      await uploadFile(uploadUrl, file, contentType, (progress) => setStep({ kind: 'uploading', progress }))
      setStep({ kind: 'processing' })
      const { user: updated } = await rpc('setAvatar', { uploadId })
      await storeUser(updated)
      onChange()
    } catch (error) {
      setMessage(error instanceof RpcError ? error.message : t`The photo could not be changed. Try again.`)
    } finally {
      setStep({ kind: 'idle' })
    }
  }
  const remove = async () => {
    try {
      const { user: updated } = await rpc('removeAvatar', {})
      await storeUser(updated)
      onChange()
    } catch (error) {
      setMessage(error instanceof RpcError ? error.message : t`The photo could not be removed. Try again.`)
    }
  }

  const name = user.name
  return (
    <div className="field avatar-field">
      <span className="label">
        <Trans>Profile photo</Trans>
      </span>
      <div className="avatar-row">
        <Avatar name={user.name} avatar={user.avatar} alt={t`${name}'s profile`} />
        <div>
          <label htmlFor={id} className="button secondary">
            {user.avatar ? t`Change photo` : t`Add a photo`}
          </label>
          <input
            id={id}
            className="visually-hidden"
            type="file"
            accept={AVATAR_TYPES.join(',')}
            disabled={step.kind !== 'idle'}
            onChange={(e) => {
              void choose(e.target.files?.[0])
              e.target.value = ''
            }}
          />
          {user.avatar ? (
            <button type="button" className="link-button" onClick={remove} disabled={step.kind !== 'idle'}>
              <Trans>Remove</Trans>
            </button>
          ) : null}
        </div>
      </div>
      {step.kind === 'uploading' ? (
        <progress max={1} value={step.progress} aria-label={t`Uploading the photo`}>
          {Math.round(step.progress * 100)}%
        </progress>
      ) : null}
      {step.kind === 'processing' ? (
        <p role="status">
          <Trans>Preparing your photo…</Trans>
        </p>
      ) : null}
      <p className="field-hint">
        <Trans>JPEG, PNG or WebP, up to 5 MB. It is cropped square.</Trans>
      </p>
      <FormMessage message={message} />
    </div>
  )
}
