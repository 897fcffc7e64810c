import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { displayPhone } from '../../../contract/phone-number'
import { Field } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { LoadMore } from '../../components/LoadMore'
import { formatDate } from '../../lib/dates'
import { AdminShell } from './AdminShell'
import { adminQueries } from './admin.queries'
import { type PeopleFilter, validatePeopleSearch } from './admin-search'
import { InviteForm } from './InviteForm'

const route = getRouteApi('/_default/admin/people/')

const FILTERS: { value: PeopleFilter | undefined; label: MessageDescriptor }[] = [
  { value: undefined, label: msg`Everyone` },
  { value: 'sellers', label: msg`Sellers` },
  { value: 'admins', label: msg`Admins` },
  { value: 'suspended', label: msg`Suspended` },
]

/** /admin/people: everyone with an account, found by e-mail, name, phone or handle. */
export function PeoplePage() {
  const { t } = useLingui()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const list = useInfiniteQuery(adminQueries.people(search))
  const people = list.data?.pages.flatMap((p) => p.users) ?? []
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const q = String(new FormData(event.currentTarget).get('q') ?? '')
    void navigate({ search: validatePeopleSearch({ ...search, q }) })
  }
  const q = search.q
  return (
    <AdminShell title={t`People`}>
      <search>
        <form className="form form-inline" onSubmit={onSubmit} key={search.q ?? ''}>
          <Field
            label={t`Find someone`}
            name="q"
            type="search"
            defaultValue={search.q ?? ''}
            hint={t`Part of an e-mail, a name, a storefront handle or a phone number (0712 345 678)`}
          />
          <button type="submit" className="button">
            <Trans>Search people</Trans>
          </button>
        </form>
      </search>
      <nav aria-label={t`Who to show`} className="chips">
        {FILTERS.map((f) => (
          <Link
            key={f.value ?? 'everyone'}
            to="/admin/people"
            search={validatePeopleSearch({ q: search.q, filter: f.value })}
            className="chip"
            aria-current={search.filter === f.value ? 'page' : undefined}
            activeOptions={{ exact: true, includeSearch: true }}
          >
            {t(f.label)}
          </Link>
        ))}
      </nav>
      <ListState list={list} what={t`people`} />
      {list.isSuccess && people.length === 0 ? (
        <p className="muted">
          {q ? t`Nobody matches “${q}”.` : t`Nobody matches this filter.`}{' '}
          <Link to="/admin/people">
            <Trans>Show everyone</Trans>
          </Link>
        </p>
      ) : null}
      {people.length > 0 ? (
        <table className="table table-stack admin-people">
          <caption className="visually-hidden">
            <Trans>People</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Person</Trans>
              </th>
              <th scope="col">
                <Trans>Roles</Trans>
              </th>
              <th scope="col">
                <Trans>Phone</Trans>
              </th>
              <th scope="col">
                <Trans>Joined</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {people.map((p) => (
              <tr key={p.id}>
                <th scope="row">
                  <span className="customer-name">
                    <Link to="/admin/people/$id" params={{ id: p.id }}>
                      {p.name}
                    </Link>
                    <span className="muted">
                      {p.email}
                      {p.handle ? ` · @${p.handle}` : ''}
                    </span>
                  </span>
                </th>
                <td data-label={t`Roles`}>
                  {p.suspendedAt ? (
                    <span className="badge badge-suspended">
                      <Trans>Suspended</Trans>
                    </span>
                  ) : null}{' '}
                  {rolesText(p.roles)}
                </td>
                <td data-label={t`Phone`}>
                  {p.phone ? (
                    displayPhone(p.phone)
                  ) : (
                    <span className="muted">
                      <Trans>None</Trans>
                    </span>
                  )}
                </td>
                <td data-label={t`Joined`}>{formatDate(p.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <LoadMore list={list} />
      <InviteForm />
    </AdminShell>
  )
}

/** A person's roles as a list reads them (called while rendering: the language is set). */
export function rolesText(roles: string[]): string {
  const shown = roles.filter((r) => r !== 'customer')
  return shown.length ? shown.map((r) => (r === 'admin' ? t`Admin` : t`Seller`)).join(', ') : t`Customer`
}
