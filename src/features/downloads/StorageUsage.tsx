import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { formatSize } from '../../lib/size'
import type { LibraryEntry } from './library'

/** Above this share of its quota, the library warns before the browser starts refusing or evicting. */
export const NEAR_QUOTA = 0.8

interface Estimate {
  usage: number
  quota: number
  persisted: boolean
}

/**
 * How much space Soko uses on this device and how much the browser allows it, with a warning near the
 * quota or when the files queued will not fit. Updates when a file finishes or is deleted.
 */
export function StorageUsage({ entries }: { entries: ReadonlyMap<string, LibraryEntry> }) {
  const { t } = useLingui()
  const [estimate, setEstimate] = useState<Estimate | null>(null)
  const files = [...entries.values()]
  const kept = files.filter((e) => e.file.status === 'done')
  const stillToCome = files
    .filter((e) => e.file.status !== 'done')
    .reduce((sum, e) => sum + Math.max(0, e.file.size - e.file.received), 0)
  const signature = `${kept.length}:${files.length}`
  useEffect(() => {
    if (!signature || !navigator.storage?.estimate) return
    let live = true
    void (async () => {
      const [{ usage = 0, quota = 0 }, persisted] = await Promise.all([
        navigator.storage.estimate(),
        navigator.storage.persisted?.() ?? Promise.resolve(false),
      ])
      if (live) setEstimate({ usage, quota, persisted })
    })().catch((error: unknown) => console.error('Storage estimate failed', error))
    return () => {
      live = false
    }
  }, [signature])
  if (!estimate || estimate.quota === 0) return null
  const share = estimate.usage / estimate.quota
  const free = estimate.quota - estimate.usage
  const short = stillToCome > free
  const usage = formatSize(estimate.usage)
  const quota = formatSize(estimate.quota)
  const count = kept.length
  const needed = formatSize(stillToCome)
  const room = formatSize(free)
  const percent = Math.round(share * 100)
  return (
    <div className={share >= NEAR_QUOTA || short ? 'notice storage-usage' : 'muted storage-usage'}>
      <p>
        {count
          ? t`Soko uses ${usage} on this device (${plural(count, { one: '# file saved for offline', other: '# files saved for offline' })}), of ${quota} the browser allows.`
          : t`Soko uses ${usage} on this device, of ${quota} the browser allows.`}
        {estimate.persisted ? ` ${t`Kept files stay until you delete them.`}` : ''}
      </p>
      {short ? (
        <p role="alert">
          <Trans>
            The downloads under way need {needed} more, but only {room} is free: delete files you no longer
            need from this device, or free space on the phone.
          </Trans>
        </p>
      ) : share >= NEAR_QUOTA ? (
        <p role="alert">
          <Trans>
            Space is nearly used up ({percent}%): delete files you no longer need from this device before
            downloading more.
          </Trans>
        </p>
      ) : null}
    </div>
  )
}
