import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { METHOD_NAMES, PAYMENT_METHODS, type PaymentMethod } from '../../../contract/checkout.constants'
import { Field, SelectField } from '../../components/Form'
import { translateCode } from '../../lib/i18n'
import { kindName } from './transactions-csv'
import {
  BUYER_KINDS,
  SELLER_KINDS,
  type TransactionsSearch,
  validateTransactionsSearch,
  viewOf,
} from './transactions-search'
import type { Role } from './useTransactions'

const route = getRouteApi('/_default/account/transactions')

/**
 * The filters (dates, kind, method) as a search form: "Show" puts them in the URL, keeping whose books
 * and which currency; "Clear filters" drops them.
 */
export function TransactionFilters({
  search,
  role,
  errors,
}: {
  search: TransactionsSearch
  role: Role
  errors: Record<string, string>
}) {
  const { t } = useLingui()
  const navigate = route.useNavigate()
  const kinds = role === 'seller' ? SELLER_KINDS : BUYER_KINDS
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => String(form.get(name) ?? '')
    void navigate({
      search: validateTransactionsSearch({
        ...viewOf(search),
        from: value('from'),
        to: value('to'),
        kind: value('kind'),
        method: value('method'),
      }),
    })
  }
  return (
    <search>
      {/* Keyed by the URL's filters, so going back in history shows the filters of that view. */}
      <form className="transactions-filters" onSubmit={onSubmit} key={JSON.stringify(search)}>
        <Field label={t`From`} name="from" type="date" defaultValue={search.from ?? ''} errors={errors} />
        <Field label={t`To`} name="to" type="date" defaultValue={search.to ?? ''} errors={errors} />
        <SelectField
          label={t`Kind`}
          name="kind"
          defaultValue={search.kind ?? ''}
          errors={errors}
          options={[
            { value: '', label: t`All kinds` },
            ...kinds.map((k) => ({ value: k, label: kindName(k) })),
          ]}
        />
        <SelectField
          label={t`Method`}
          name="method"
          defaultValue={search.method ?? ''}
          errors={errors}
          options={[
            { value: '', label: t`All methods` },
            ...PAYMENT_METHODS.map((m: PaymentMethod) => ({
              value: m,
              label: translateCode(undefined, undefined, METHOD_NAMES[m]),
            })),
          ]}
        />
        <p className="actions">
          <button type="submit" className="button">
            <Trans>Show</Trans>
          </button>
          {search.from || search.to || search.kind || search.method ? (
            <Link to="/account/transactions" search={viewOf(search)}>
              <Trans>Clear filters</Trans>
            </Link>
          ) : null}
        </p>
      </form>
    </search>
  )
}
