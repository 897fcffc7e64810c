import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { formatLocale } from '../../../../contract/format-locale'
import type { MembersOverview } from '../../../../contract/membership-posts.contract'
import { FormMessage } from '../../../components/Form'
import { csvField, csvLines, toDecimal } from '../../../lib/csv'
import { formatDate } from '../../../lib/dates'
import { RpcError, rpc } from '../../../lib/rpc'
import { saveFile } from '../../../lib/save-file'
import { usePageTitle } from '../../../lib/title'
import { catalogQueries } from '../catalog.queries'
import { money } from '../money'
import { PostsSection } from './PostsSection'

/**
 * A seller's members, one membership at a time: what members bring in each month (by currency), who is
 * behind on a payment, who joined and left in each of the last twelve months, the members themselves (as
 * CSV too), and the posts written for them.
 */
export function MembersPage() {
  const { t } = useLingui()
  usePageTitle(t`Members`)
  const list = useQuery(catalogQueries.myProducts(['membership']))
  const products = list.data?.products ?? []
  const [chosen, setChosen] = useState<string | null>(null)
  const productId = chosen ?? products[0]?.id ?? null
  return (
    <section className="page" aria-labelledby="members-heading">
      <h1 id="members-heading">
        <Trans>Members</Trans>
      </h1>
      {list.isPending ? (
        <p role="status">
          <Trans>Loading your memberships…</Trans>
        </p>
      ) : list.isError ? (
        <FormMessage message={errorText(list.error)} />
      ) : products.length === 0 ? (
        <div className="empty">
          <p>
            <Trans>
              You have no membership yet. Make one, and its members, their payments and your posts show here.
            </Trans>
          </p>
          <Link to="/account/create/product" search={{ kind: 'membership' }} className="button">
            <Trans>New membership</Trans>
          </Link>
        </div>
      ) : (
        <>
          {products.length > 1 ? (
            <div className="field">
              <label htmlFor="members-product">
                <Trans>Membership</Trans>
              </label>
              <select
                id="members-product"
                value={productId ?? ''}
                onChange={(event) => setChosen(event.target.value)}
              >
                {products.map((product) => (
                  <option key={product.id} value={product.id}>
                    {product.title}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {productId ? <Overview productId={productId} /> : null}
          {productId ? (
            <PostsSection
              key={productId}
              productId={productId}
              tiers={tiersOf(products.find((p) => p.id === productId))}
            />
          ) : null}
        </>
      )}
    </section>
  )
}

function Overview({ productId }: { productId: string }) {
  const overview = useQuery({
    queryKey: ['memberships', 'overview', productId],
    queryFn: ({ signal }) => rpc('getMembersOverview', { productId }, { signal }),
  })
  if (overview.isPending)
    return (
      <p role="status">
        <Trans>Loading the members…</Trans>
      </p>
    )
  if (overview.isError) return <FormMessage message={errorText(overview.error)} />
  const o = overview.data
  const mrr = o.mrr.map(money).join(' · ') || money({ amount: 0, currency: 'KES' })
  return (
    <>
      <dl className="card balance-figures">
        <div>
          <dt>
            <Trans>Each month (MRR)</Trans>
          </dt>
          <dd>{mrr}</dd>
        </div>
        <div>
          <dt>
            <Trans>Members</Trans>
          </dt>
          <dd>{o.current}</dd>
        </div>
        <div>
          <dt>
            <Trans>Payment due</Trans>
          </dt>
          <dd>{o.pastDue}</dd>
        </div>
        {o.inTrial > 0 ? (
          <div>
            <dt>
              <Trans>In a free trial</Trans>
            </dt>
            <dd>{o.inTrial}</dd>
          </div>
        ) : null}
      </dl>
      <div className="table-scroll">
        <table className="table member-months">
          <caption>
            <Trans>Joined and left, the last twelve months</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Month</Trans>
              </th>
              <th scope="col">
                <Trans>New members</Trans>
              </th>
              <th scope="col">
                <Trans>Members lost</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {o.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthName(m.month)}</th>
                <td>{m.joined}</td>
                <td>{m.lost}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>
        <Trans>Members</Trans>
      </h2>
      {o.members.length === 0 ? (
        <p className="muted">
          <Trans>No members yet. Share the membership’s page: people join from its tiers.</Trans>
        </p>
      ) : (
        <>
          <button type="button" className="button secondary" onClick={() => exportCsv(o)}>
            <Trans>Export members (CSV)</Trans>
          </button>
          <ul className="plain-list member-list">
            {o.members.map((m) => (
              <li key={m.id}>
                <strong>{m.name || m.email}</strong> <span className="muted">{m.email}</span>
                <br />
                {m.tier} ·{' '}
                {m.interval === 'month' ? t`${money(m.price)} a month` : t`${money(m.price)} a year`} ·{' '}
                {stateText(m.state)} · {t`since ${formatDate(m.joinedAt)}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  )
}

/** `2027-01` as the reader says it: "Jan 2027". */
const monthName = (month: string) =>
  new Intl.DateTimeFormat(formatLocale(), { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  )

function stateText(state: MembersOverview['members'][number]['state']) {
  return {
    active: t`Active`,
    past_due: t`Payment due`,
    paused: t`Paused`,
    cancelled: t({ message: 'Cancelled', context: 'membership' }),
    ended: t`Ended`,
  }[state]
}

function exportCsv(o: MembersOverview) {
  const header = [
    'name',
    'email',
    'tier',
    'interval',
    'price',
    'currency',
    'state',
    'joined',
    'period_end',
    'ended',
  ]
  const rows = o.members.map((m) => [
    csvField(m.name),
    csvField(m.email),
    csvField(m.tier),
    m.interval,
    toDecimal(m.price.amount, m.price.currency),
    m.price.currency,
    m.state,
    m.joinedAt,
    m.periodEnd,
    m.endedAt ?? '',
  ])
  saveFile(`members-${o.product.slug}.csv`, ['\ufeff', csvLines([header, ...rows])], 'text/csv;charset=utf-8')
}

function tiersOf(product: { kind: string; details: unknown } | undefined): { id: string; name: string }[] {
  return product?.kind === 'membership'
    ? ((product.details as { tiers?: { id: string; name: string }[] }).tiers ?? [])
    : []
}

const errorText = (error: unknown) => (error instanceof RpcError ? error.message : String(error))
