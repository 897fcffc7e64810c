import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import type { AuditEntry } from '../../../contract/admin-people.contract'
import { ExportCsv } from '../../components/ExportCsv'
import { Field } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { LoadMore } from '../../components/LoadMore'
import { fileStamp, formatDateTime } from '../../lib/dates'
import { rpc } from '../../lib/rpc'
import { AdminShell } from './AdminShell'
import { adminQueries } from './admin.queries'
import { type AuditSearch, validateAuditSearch } from './admin-search'
import { actionText, auditCsv, changes } from './audit-format'

const route = getRouteApi('/_default/admin/audit')

/** /admin/audit: every admin action, newest first, searchable and exportable. Nothing here can change it. */
export function AuditPage() {
  const { t } = useLingui()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const list = useInfiniteQuery(adminQueries.audit(search))
  const entries = list.data?.pages.flatMap((p) => p.entries) ?? []
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const q = String(new FormData(event.currentTarget).get('q') ?? '')
    void navigate({ search: validateAuditSearch({ ...search, q }) })
  }
  return (
    <AdminShell
      title={t`Audit log`}
      lead={t`What every admin did: who, what, on which record, the values before and after, when and from where. Entries are never changed or removed.`}
    >
      <search>
        <form className="form form-inline" onSubmit={onSubmit} key={search.q ?? ''}>
          <Field
            label={t`Search the log`}
            name="q"
            type="search"
            defaultValue={search.q ?? ''}
            hint={t`An admin’s e-mail, an action (suspend, settings), a record or words of a reason`}
          />
          <button type="submit" className="button">
            <Trans>Search the log</Trans>
          </button>
        </form>
      </search>
      {search.target ? (
        <p className="notice">
          <Trans>
            Showing one record’s entries. <Link to="/admin/audit">Show every entry</Link>
          </Trans>
        </p>
      ) : null}
      <div className="movements-head">
        <ExportCsv
          make={async (onProgress) => {
            const all = await fetchAllAudit(search, onProgress)
            return {
              text: auditCsv(all),
              name: `soko-audit-log-${fileStamp(new Date())}.csv`,
              rows: all.length,
            }
          }}
        />
      </div>
      <ListState list={list} what={t`audit entries`} />
      {list.isSuccess && entries.length === 0 ? (
        search.q || search.target ? (
          <p className="muted">
            <Trans>
              No entry matches. <Link to="/admin/audit">Show every entry</Link>
            </Trans>
          </p>
        ) : (
          <p className="muted">
            <Trans>Nothing yet: what admins do is written here as they do it.</Trans>
          </p>
        )
      ) : null}
      <ol className="cards audit-log">
        {entries.map((entry) => (
          <AuditItem key={entry.id} entry={entry} />
        ))}
      </ol>
      <LoadMore list={list} />
    </AdminShell>
  )
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const changed = changes(entry)
  const when = formatDateTime(entry.at)
  const admin = entry.actor.email
  const ip = entry.ip
  const reason = entry.reason
  return (
    <li className="card audit-entry">
      <p>
        <strong>{actionText(entry.action)}</strong>{' '}
        {entry.target.kind === 'user' ? (
          <Link to="/admin/people/$id" params={{ id: entry.target.id }}>
            {entry.target.label || entry.target.id}
          </Link>
        ) : (
          <span>{entry.target.label || entry.target.id}</span>
        )}
      </p>
      <p className="muted">
        <Trans>
          <time dateTime={entry.at}>{when}</time> · by {admin} · from {ip}
        </Trans>
      </p>
      {reason ? (
        <p>
          <Trans>Reason: {reason}</Trans>
        </p>
      ) : null}
      {changed.length > 0 ? (
        <table className="table audit-changes">
          <caption className="visually-hidden">
            <Trans>What changed</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Field</Trans>
              </th>
              <th scope="col">
                <Trans>Before</Trans>
              </th>
              <th scope="col">
                <Trans>After</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {changed.map((c) => (
              <tr key={c.name}>
                <th scope="row">{c.label}</th>
                <td>{c.before}</td>
                <td>{c.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </li>
  )
}

/** Every entry the search selects, 500 at a time, for the export. */
async function fetchAllAudit(search: AuditSearch, onProgress: (rows: number) => void) {
  const all: AuditEntry[] = []
  let cursor: string | undefined
  do {
    const page = await rpc('listAuditLog', {
      q: search.q ?? '',
      limit: 500,
      ...(search.target ? { targetId: search.target } : {}),
      ...(cursor ? { cursor } : {}),
    })
    all.push(...page.entries)
    onProgress(all.length)
    cursor = page.next ?? undefined
  } while (cursor)
  return all
}
