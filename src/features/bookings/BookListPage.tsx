import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { Field, SelectField } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { LoadMore } from '../../components/LoadMore'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { usePageTitle } from '../../lib/title'
import { type BookSearch, validateBookSearch } from './book-search'

const route = getRouteApi('/_default/book/')

/** "45 min", "1 h", "1 h 30 min". */
function duration(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return [h ? t`${h} h` : '', m ? t`${m} min` : ''].filter(Boolean).join(' ')
}

/**
 * /book: the services on sale — searched, by category, soonest free first or cheapest first (in the URL) —
 * each with its length, price, place and next free time in the visitor's zone, leading to its picker.
 */
export function BookListPage() {
  const { t } = useLingui()
  usePageTitle(t`Book a service`)
  const search = route.useSearch()
  const list = useInfiniteQuery({
    queryKey: ['bookings', 'services', search],
    queryFn: ({ pageParam, signal }) =>
      rpc(
        'listServices',
        {
          query: search.q ?? '',
          sort: search.sort ?? 'soonest',
          ...(search.category ? { category: search.category } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
  const services = list.data?.pages.flatMap((page) => page.services) ?? []
  const categories = list.data?.pages[0]?.categories ?? []
  return (
    <section className="page" aria-labelledby="book-heading">
      <h1 id="book-heading">
        <Trans>Book a service</Trans>
      </h1>
      <p className="lead">
        <Trans>Reviews, lessons and sessions with creators: pick a time, pay, and it is booked.</Trans>
      </p>
      <Filters search={search} categories={categories} />
      <ListState list={list} what={t`services`} />
      {list.isSuccess && services.length === 0 ? (
        <div className="empty-state">
          <p>
            {search.q || search.category
              ? t`No service matches. Try other words or another category.`
              : t`No services on sale yet.`}
          </p>
          {search.q || search.category ? (
            <p className="actions">
              <Link to="/book">
                <Trans>Show all services</Trans>
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <ul className="cards service-list">
        {services.map((s) => (
          <li key={s.slug} className="card">
            <h2 className="sale-title">
              <Link to="/book/$slug" params={{ slug: s.slug }}>
                {s.title}
              </Link>
            </h2>
            <p className="muted">
              {s.seller.displayName} · {duration(s.durationMinutes)} · {s.where}
            </p>
            <p>
              <strong>{formatMoney(s.price.amount, s.price.currency)}</strong>
              {' · '}
              {s.nextFree
                ? nextFree(formatDateTime(s.nextFree.start, { weekday: true }))
                : t`No free time in the next two weeks`}
            </p>
          </li>
        ))}
      </ul>
      <LoadMore list={list} />
    </section>
  )
}

/** "Next free: {when}", in the page's language. */
function nextFree(when: string): string {
  return t`Next free: ${when}`
}

function Filters({ search, categories }: { search: BookSearch; categories: string[] }) {
  const { t } = useLingui()
  const navigate = route.useNavigate()
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => String(form.get(name) ?? '')
    void navigate({
      search: validateBookSearch({ q: value('q'), category: value('category'), sort: value('sort') }),
    })
  }
  return (
    <search>
      <form
        className="transactions-filters customer-filters"
        onSubmit={onSubmit}
        key={`${JSON.stringify(search)}${categories.length}`}
      >
        <Field
          label={t`Find a service`}
          name="q"
          type="search"
          placeholder={t`Portfolio, lesson…`}
          defaultValue={search.q ?? ''}
        />
        <SelectField
          label={t`Category`}
          name="category"
          defaultValue={search.category ?? ''}
          options={[
            { value: '', label: t`All categories` },
            ...categories.map((c) => ({ value: c, label: c })),
          ]}
        />
        <SelectField
          label={t`Sort`}
          name="sort"
          defaultValue={search.sort ?? 'soonest'}
          options={[
            { value: 'soonest', label: t`Soonest free first` },
            { value: 'price', label: t`Lowest price first` },
          ]}
        />
        <p className="actions">
          <button type="submit" className="button secondary">
            <Trans>Show</Trans>
          </button>
        </p>
      </form>
    </search>
  )
}
