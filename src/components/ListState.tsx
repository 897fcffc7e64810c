import { Trans, useLingui } from '@lingui/react/macro'
import { isUnreachable } from '../lib/connection'
import { OfflineNote } from './OfflineNote'

/** What of a query (TanStack's list or single result) a list's state needs. */
interface ListQuery {
  isPending: boolean
  isError: boolean
  fetchStatus: string
  data: unknown
  dataUpdatedAt: number
  error: Error | null
  refetch: () => Promise<unknown>
}

/**
 * The lines a list shows around its rows: how old they are when they come from the copy kept for offline
 * ("Offline — last updated …"), "Loading {what}…", "You are offline: {what} show once you are back online."
 * when nothing is kept, or what went wrong with "Try again". `what` is plural and lower-case: "your clients".
 */
export function ListState({ list, what }: { list: ListQuery; what: string }) {
  const { t } = useLingui()
  const reason = list.error?.message ?? ''
  const offlineEmpty =
    (list.isPending && list.fetchStatus === 'paused') ||
    (list.isError && !list.data && isUnreachable(list.error))
  return (
    <>
      <OfflineNote updatedAt={list.dataUpdatedAt} failed={list.isError && !!list.data} />
      {list.isPending && !offlineEmpty ? <p role="status">{t`Loading ${what}…`}</p> : null}
      {offlineEmpty ? (
        <p className="notice">{t`You are offline: ${what} show once you are back online.`}</p>
      ) : list.isError && !list.data ? (
        <p role="alert">
          {t`Could not load ${what}: ${reason}`}{' '}
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : null}
    </>
  )
}
