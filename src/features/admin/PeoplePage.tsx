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

const FILTERS: { value: PeopleFilter | undefined; label: string }[] = [
  { value: undefined, label: 'Everyone' },
  { value: 'sellers', label: 'Sellers' },
  { value: 'admins', label: 'Admins' },
  { value: 'suspended', label: 'Suspended' },
]

/** /admin/people: everyone with an account, found by e-mail, name, phone or handle. */
export function PeoplePage() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const list = useInfiniteQuery(adminQueries.people(search))
  const people = list.data?.pages.flatMap((p) => p.users) ?? []
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const q = String(new FormData(event.currentTarget).get('q') ?? '')
    void navigate({ search: validatePeopleSearch({ ...search, q }) })
  }
  return (
    <AdminShell title="People">
      <search>
        <form className="form form-inline" onSubmit={onSubmit} key={search.q ?? ''}>
          <Field
            label="Find someone"
            name="q"
            type="search"
            defaultValue={search.q ?? ''}
            hint="Part of an e-mail, a name, a storefront handle or a phone number (0712 345 678)"
          />
          <button type="submit" className="button">
            Search people
          </button>
        </form>
      </search>
      <nav aria-label="Who to show" className="chips">
        {FILTERS.map((f) => (
          <Link
            key={f.label}
            to="/admin/people"
            search={validatePeopleSearch({ q: search.q, filter: f.value })}
            className="chip"
            aria-current={search.filter === f.value ? 'page' : undefined}
            activeOptions={{ exact: true, includeSearch: true }}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      <ListState list={list} what="people" />
      {list.isSuccess && people.length === 0 ? (
        <p className="muted">
          Nobody matches {search.q ? `“${search.q}”` : 'this filter'}.{' '}
          <Link to="/admin/people">Show everyone</Link>
        </p>
      ) : null}
      {people.length > 0 ? (
        <table className="table table-stack admin-people">
          <caption className="visually-hidden">People</caption>
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">Roles</th>
              <th scope="col">Phone</th>
              <th scope="col">Joined</th>
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
                <td data-label="Roles">
                  {p.suspendedAt ? <span className="badge badge-suspended">Suspended</span> : null}{' '}
                  {rolesText(p.roles)}
                </td>
                <td data-label="Phone">
                  {p.phone ? displayPhone(p.phone) : <span className="muted">None</span>}
                </td>
                <td data-label="Joined">{formatDate(p.createdAt)}</td>
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

export function rolesText(roles: string[]): string {
  const shown = roles.filter((r) => r !== 'customer')
  return shown.length ? shown.map((r) => (r === 'admin' ? 'Admin' : 'Seller')).join(', ') : 'Customer'
}
