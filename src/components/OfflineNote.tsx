import { useLingui } from '@lingui/react/macro'
import { formatDateTime } from '../lib/dates'
import { useOnline } from '../lib/install'

/**
 * The line a screen shows when what it lists may be old: offline (its data comes from the copy kept in
 * IndexedDB) or after a refresh failed. `updatedAt` is when that data last came from the server.
 */
export function OfflineNote({ updatedAt, failed = false }: { updatedAt: number; failed?: boolean }) {
  const { t } = useLingui()
  const online = useOnline()
  if ((online && !failed) || !updatedAt) return null
  const when = formatDateTime(updatedAt)
  return (
    <p className="notice offline-note" role="status">
      {online ? t`Could not refresh — last updated ${when}` : t`Offline — last updated ${when}`}
    </p>
  )
}
