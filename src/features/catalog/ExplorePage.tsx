import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useId } from 'react'
import { PRODUCT_KINDS } from '../../../contract/catalog.constants'
import { currencyCodes } from '../../../contract/currencies'
import {
  EXPLORE_SORTS,
  type ExplorePage as ExploreData,
  type ExploreQuery,
} from '../../../contract/storefront'
import { Pager } from '../../components/Pager'
import { usePageTitle } from '../../lib/title'
import { validateExploreSearch } from './explore-search'
import { KIND_LABELS, useVisitorCurrency } from './money'
import { ProductGrid } from './ProductCards'

const SORT_LABELS = {
  relevance: 'Best match',
  newest: 'Newest',
  popular: 'Popular',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
} as const

export function ExplorePage({
  data,
  query,
  category,
}: {
  data: ExploreData
  query: ExploreQuery
  category?: string
}) {
  const navigate = useNavigate()
  const visitorCurrency = useVisitorCurrency()
  const id = useId()
  const categoryName = data.categories.find((c) => c.slug === category)?.name ?? category
  usePageTitle(categoryName ? `Explore ${categoryName}` : 'Explore')
  const go = (next: ExploreQuery) =>
    navigate({
      to: category ? '/explore/$category' : '/explore',
      params: category ? { category } : {},
      search: next as Record<string, unknown>,
    } as never)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => String(form.get(name) ?? '').trim()
    void go(
      validateExploreSearch({
        q: value('q'),
        kind: value('kind'),
        min: value('min'),
        max: value('max'),
        currency: value('min') || value('max') ? value('currency') : '',
        sort: value('sort'),
      }),
    )
  }
  const { results, total, page, pageCount } = data
  return (
    <section className="page explore" aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`}>{categoryName ? `Explore ${categoryName}` : 'Explore'}</h1>
      <search>
        <form className="explore-form" onSubmit={onSubmit} key={JSON.stringify(query)}>
          <div className="field explore-q">
            <label htmlFor={`${id}-q`}>Search</label>
            <input
              id={`${id}-q`}
              name="q"
              type="search"
              defaultValue={query.q ?? ''}
              placeholder="Presets, beats, portraits…"
            />
          </div>
          <details
            className="explore-filters"
            open={Boolean(query.kind || query.min || query.max || query.sort)}
          >
            <summary>Filters and order</summary>
            <div className="field">
              <label htmlFor={`${id}-kind`}>Kind</label>
              <select id={`${id}-kind`} name="kind" defaultValue={query.kind ?? ''}>
                <option value="">Everything</option>
                {PRODUCT_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {KIND_LABELS[kind]}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="fieldset price-range">
              <legend>Price</legend>
              <label htmlFor={`${id}-min`}>From</label>
              <input
                id={`${id}-min`}
                name="min"
                type="number"
                min={0}
                inputMode="decimal"
                defaultValue={query.min ?? ''}
              />
              <label htmlFor={`${id}-max`}>to</label>
              <input
                id={`${id}-max`}
                name="max"
                type="number"
                min={0}
                inputMode="decimal"
                defaultValue={query.max ?? ''}
              />
              <label htmlFor={`${id}-currency`} className="visually-hidden">
                Currency
              </label>
              <select
                id={`${id}-currency`}
                name="currency"
                defaultValue={query.currency ?? visitorCurrency ?? 'USD'}
              >
                {currencyCodes.map((code) => (
                  <option key={code}>{code}</option>
                ))}
              </select>
            </fieldset>
            <div className="field">
              <label htmlFor={`${id}-sort`}>Order</label>
              <select id={`${id}-sort`} name="sort" defaultValue={query.sort ?? ''}>
                <option value="">{query.q ? 'Best match' : 'Newest'}</option>
                {EXPLORE_SORTS.filter((s) => s !== 'relevance').map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </div>
          </details>
          <button type="submit" className="button">
            Search
          </button>
        </form>
      </search>
      {data.categories.length > 0 ? (
        <nav aria-label="Categories" className="chips">
          <Link to="/explore" search={{}} activeOptions={{ exact: true }} className="chip">
            All
          </Link>
          {data.categories.map((c) => (
            <Link key={c.slug} to="/explore/$category" params={{ category: c.slug }} className="chip">
              {c.name} <span className="muted">({c.count})</span>
            </Link>
          ))}
        </nav>
      ) : null}
      <p role="status" className="muted">
        {total === 0
          ? query.q
            ? `Nothing matches “${query.q}”. Try fewer or other words.`
            : 'Nothing here yet. Check back soon.'
          : `${total} ${total === 1 ? 'result' : 'results'}${pageCount > 1 ? ` · page ${page} of ${pageCount}` : ''}`}
      </p>
      <ProductGrid products={results} rates={data.rates} />
      <Pager page={page} pageCount={pageCount} onPage={(next) => go({ ...query, page: next })} />
    </section>
  )
}
