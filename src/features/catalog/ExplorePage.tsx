import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
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
import { kindLabel, useVisitorCurrency } from './money'
import { ProductGrid } from './ProductCards'

const SORT_LABELS = {
  relevance: msg`Best match`,
  newest: msg`Newest`,
  popular: msg`Popular`,
  'price-asc': msg`Price: low to high`,
  'price-desc': msg`Price: high to low`,
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
  const { t } = useLingui()
  const navigate = useNavigate()
  const visitorCurrency = useVisitorCurrency()
  const id = useId()
  const categoryName = data.categories.find((c) => c.slug === category)?.name ?? category
  const heading = categoryName ? t`Explore ${categoryName}` : t`Explore`
  usePageTitle(heading)
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
  const words = query.q
  return (
    <section className="page explore" aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`}>{heading}</h1>
      <search>
        <form className="explore-form" onSubmit={onSubmit} key={JSON.stringify(query)}>
          <div className="field explore-q">
            <label htmlFor={`${id}-q`}>
              <Trans>Search</Trans>
            </label>
            <input
              id={`${id}-q`}
              name="q"
              type="search"
              defaultValue={query.q ?? ''}
              placeholder={t`Presets, beats, portraits…`}
            />
          </div>
          <details
            className="explore-filters"
            open={Boolean(query.kind || query.min || query.max || query.sort)}
          >
            <summary>
              <Trans>Filters and order</Trans>
            </summary>
            <div className="field">
              <label htmlFor={`${id}-kind`}>
                <Trans>Kind</Trans>
              </label>
              <select id={`${id}-kind`} name="kind" defaultValue={query.kind ?? ''}>
                <option value="">{t`Everything`}</option>
                {PRODUCT_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {kindLabel(kind)}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="fieldset price-range">
              <legend>
                <Trans>Price</Trans>
              </legend>
              <label htmlFor={`${id}-min`}>
                <Trans>From</Trans>
              </label>
              <input
                id={`${id}-min`}
                name="min"
                type="number"
                min={0}
                inputMode="decimal"
                defaultValue={query.min ?? ''}
              />
              <label htmlFor={`${id}-max`}>
                <Trans>to</Trans>
              </label>
              <input
                id={`${id}-max`}
                name="max"
                type="number"
                min={0}
                inputMode="decimal"
                defaultValue={query.max ?? ''}
              />
              <label htmlFor={`${id}-currency`} className="visually-hidden">
                <Trans>Currency</Trans>
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
              <label htmlFor={`${id}-sort`}>
                <Trans context="sort">Order</Trans>
              </label>
              <select id={`${id}-sort`} name="sort" defaultValue={query.sort ?? ''}>
                <option value="">{query.q ? t(SORT_LABELS.relevance) : t(SORT_LABELS.newest)}</option>
                {EXPLORE_SORTS.filter((s) => s !== 'relevance').map((sort) => (
                  <option key={sort} value={sort}>
                    {t(SORT_LABELS[sort])}
                  </option>
                ))}
              </select>
            </div>
          </details>
          <button type="submit" className="button">
            <Trans>Search</Trans>
          </button>
        </form>
      </search>
      {data.categories.length > 0 ? (
        <nav aria-label={t`Categories`} className="chips">
          <Link to="/explore" search={{}} activeOptions={{ exact: true }} className="chip">
            <Trans>All</Trans>
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
          ? words
            ? t`Nothing matches “${words}”. Try fewer or other words.`
            : t`Nothing here yet. Check back soon.`
          : `${t`${plural(total, { one: '# result', other: '# results' })}`}${pageCount > 1 ? ` · ${t`page ${page} of ${pageCount}`}` : ''}`}
      </p>
      <ProductGrid products={results} rates={data.rates} />
      <Pager page={page} pageCount={pageCount} onPage={(next) => go({ ...query, page: next })} />
    </section>
  )
}
