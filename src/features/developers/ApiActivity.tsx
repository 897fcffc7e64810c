import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { endpointOf } from '../../../contract/api'
import type { ApiActivityView } from '../../../contract/developers.contract'
import { ListState } from '../../components/ListState'
import { LoadMore } from '../../components/LoadMore'
import { formatDateTime } from '../../lib/dates'
import { i18n } from '../../lib/i18n'
import { developersQueries } from './developers.queries'

/** What an entry did, in the page's language: "Create a draft invoice". */
function actionOf(entry: ApiActivityView): string {
  const endpoint = endpointOf(entry.operation)
  return endpoint ? i18n._(endpoint.title) : entry.operation
}

/** What the seller's keys changed or tried to, newest first: which key, what, when, from where, and how it ended. */
export function ApiActivity() {
  const { t } = useLingui()
  const list = useInfiniteQuery(developersQueries.activity())
  const entries = list.data?.pages.flatMap((page) => page.entries) ?? []
  return (
    <section aria-labelledby="api-activity-heading" className="api-activity">
      <h2 id="api-activity-heading">
        <Trans>What your keys changed</Trans>
      </h2>
      <ListState list={list} what={t`your keys’ activity`} />
      {list.isSuccess && entries.length === 0 ? (
        <p className="muted">
          <Trans>Nothing yet. Every change a key makes is listed here.</Trans>
        </p>
      ) : null}
      {entries.length > 0 ? (
        <ol className="activity-list">
          {entries.map((entry) => {
            const done = entry.status < 400
            const action = actionOf(entry)
            return (
              <li key={entry.id} className="activity-entry" data-outcome={done ? 'done' : 'refused'}>
                <p>
                  <strong>{action}</strong>{' '}
                  <span className={done ? 'badge badge-paid' : 'badge badge-failed'}>
                    {done ? t`Done` : t`Refused (${entry.status})`}
                  </span>
                </p>
                <p className="muted">
                  {t`By ${entry.keyName}, ${formatDateTime(entry.at)}, from ${entry.ip}`}
                </p>
                <p className="muted">
                  <code>
                    {entry.method} {entry.path}
                  </code>
                </p>
              </li>
            )
          })}
        </ol>
      ) : null}
      <LoadMore list={list} />
    </section>
  )
}
