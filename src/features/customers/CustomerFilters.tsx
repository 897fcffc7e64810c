import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { type CurrencyCode, currencyCodes } from '../../../contract/currencies'
import type { CustomerSort } from '../../../contract/customers.constants'
import { Field, type FieldErrors, SelectField } from '../../components/Form'
import { catalogQueries } from '../catalog/catalog.queries'
import { type CustomersSearch, isFiltered, validateCustomersSearch } from './customers-search'

const route = getRouteApi('/_default/account/customers/')

const SORT_TEXT: Record<CustomerSort, MessageDescriptor> = {
  recent: msg`Most recent first`,
  name: msg`Name, A to Z`,
  purchases: msg`Most purchases first`,
  spent: msg`Most spent first`,
}

/**
 * Search, sort and filters as one search form: "Show" puts them in the URL (so a view can be reloaded and
 * shared); "Clear filters" drops them. `currency` is the one "Spent over" counts in.
 */
export function CustomerFilters({ search, currency }: { search: CustomersSearch; currency: CurrencyCode }) {
  const { t } = useLingui()
  const navigate = route.useNavigate()
  const products = useQuery(catalogQueries.myProducts())
  const [errors, setErrors] = useState<FieldErrors>({})
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => String(form.get(name) ?? '')
    const sort = value('sort')
    const over = value('over').replace(/[,\s]/g, '')
    if (over && !/^\d{1,12}(\.\d{1,3})?$/.test(over)) {
      setErrors({ over: t`Give an amount, like 2000 or 49.50` })
      event.currentTarget.querySelector<HTMLInputElement>('[name="over"]')?.focus()
      return
    }
    setErrors({})
    void navigate({
      search: validateCustomersSearch({
        q: value('q'),
        sort: sort === 'recent' ? '' : sort,
        product: value('product'),
        over: value('over'),
        // The currency is kept only when it says something: an amount in it, or a sort by what was spent.
        currency: value('over') || sort === 'spent' ? value('currency') : '',
        before: value('before'),
      }),
    })
  }
  return (
    <search>
      {/* Keyed by the URL's search, so going back in history shows the filters of that view. */}
      <form
        className="transactions-filters"
        onSubmit={onSubmit}
        key={`${JSON.stringify(search)}${products.isSuccess}`}
      >
        <Field
          label={t`Find a client`}
          name="q"
          type="search"
          placeholder={t`Name or contact`}
          defaultValue={search.q ?? ''}
        />
        <SelectField
          label={t`Sort`}
          name="sort"
          defaultValue={search.sort ?? 'recent'}
          options={Object.entries(SORT_TEXT).map(([value, label]) => ({ value, label: t(label) }))}
        />
        {/* The finer filters fold away, and are open when one of them is set. */}
        <details className="filters-more" open={Boolean(search.product || search.over || search.before)}>
          <summary>
            <Trans>More filters</Trans>
          </summary>
          <div className="filters-more-fields">
            <SelectField
              label={t({ message: 'Bought', context: 'filter: bought this product' })}
              name="product"
              defaultValue={search.product ?? ''}
              options={[
                { value: '', label: t`Any product` },
                ...(products.data?.products ?? []).map((p) => ({ value: p.id, label: p.title })),
              ]}
            />
            <Field
              label={t`Spent over`}
              name="over"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              errors={errors}
              defaultValue={search.over ?? ''}
            />
            <SelectField
              label={t`Currency`}
              name="currency"
              defaultValue={currency}
              options={currencyCodes.map((code) => ({ value: code, label: code }))}
            />
            <Field
              label={t`Last purchase before`}
              name="before"
              type="date"
              defaultValue={search.before ?? ''}
            />
          </div>
        </details>
        <p className="actions">
          <button type="submit" className="button secondary">
            <Trans>Show</Trans>
          </button>
          {isFiltered(search) || search.sort ? (
            <Link to="/account/customers">
              <Trans>Clear filters</Trans>
            </Link>
          ) : null}
        </p>
      </form>
    </search>
  )
}
