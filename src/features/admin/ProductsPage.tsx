import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type { SubjectOutput } from '../../../contract'
import { REPORT_REASON_TEXT } from '../../../contract/report-reasons'
import { Field, FormMessage } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { LoadMore } from '../../components/LoadMore'
import { formatDate, formatDateTime } from '../../lib/dates'
import { translateCode } from '../../lib/i18n'
import { formatMoney } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { AdminShell } from './AdminShell'
import { adminQueries } from './admin.queries'
import { validateQuerySearch } from './admin-search'
import { ReasonForm } from './ReasonForm'

const route = getRouteApi('/_default/admin/products')

type Product = SubjectOutput<'listAdminProducts'>['products'][number]
type Report = SubjectOutput<'listProductReports'>['reports'][number]

const REASONS: Record<Report['reason'], string> = REPORT_REASON_TEXT

/** /admin/products: reports to work through, then every product, found by title, address or seller. */
export function ProductsPage() {
  const { t } = useLingui()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const list = useInfiniteQuery(adminQueries.products(search.q ?? '', search.reported ?? false))
  const products = list.data?.pages.flatMap((p) => p.products) ?? []
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const q = String(new FormData(event.currentTarget).get('q') ?? '')
    void navigate({ search: validateQuerySearch({ ...search, q }) })
  }
  return (
    <AdminShell title={t`Products`}>
      <Reports />
      <section aria-labelledby="all-products-heading">
        <h2 id="all-products-heading">
          <Trans>All products</Trans>
        </h2>
        <search>
          <form className="form form-inline" onSubmit={onSubmit} key={search.q ?? ''}>
            <Field
              label={t`Find a product`}
              name="q"
              type="search"
              defaultValue={search.q ?? ''}
              hint={t`Part of a title, an address (/slug), a seller’s handle, name or e-mail`}
            />
            <button type="submit" className="button">
              <Trans>Search products</Trans>
            </button>
          </form>
        </search>
        <nav aria-label={t`Which products`} className="chips">
          <Link
            to="/admin/products"
            search={validateQuerySearch({ q: search.q })}
            className="chip"
            aria-current={search.reported ? undefined : 'page'}
            activeOptions={{ exact: true, includeSearch: true }}
          >
            <Trans>All</Trans>
          </Link>
          <Link
            to="/admin/products"
            search={validateQuerySearch({ q: search.q, reported: true })}
            className="chip"
            aria-current={search.reported ? 'page' : undefined}
            activeOptions={{ exact: true, includeSearch: true }}
          >
            <Trans>With open reports</Trans>
          </Link>
        </nav>
        <ListState list={list} what={t`products`} />
        {list.isSuccess && products.length === 0 ? (
          <p className="muted">
            <Trans>No product matches.</Trans>
          </p>
        ) : null}
        <ul className="cards">
          {products.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </ul>
        <LoadMore list={list} />
      </section>
    </AdminShell>
  )
}

function ProductCard({ product }: { product: Product }) {
  const { t } = useLingui()
  const price = formatMoney(product.price.amount, product.price.currency)
  const kind = product.kind
  const handle = product.seller.handle
  const added = formatDate(product.createdAt)
  const reports = product.openReports
  const sellerName = product.seller.displayName
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const unpublish = async (reason: string) => {
    await rpc('adminUnpublishProduct', { id: product.id, reason })
    setAsking(false)
    setDone(t`Unpublished: the seller has the reason by e-mail.`)
    await queryClient.invalidateQueries({ queryKey: adminQueries.all() })
  }
  return (
    <li className="card">
      <p>
        <strong>
          {product.status === 'published' ? <a href={`/${product.slug}`}>{product.title}</a> : product.title}
        </strong>{' '}
        <span className={`badge badge-${product.status}`}>{product.status}</span>{' '}
        {product.openReports > 0 ? (
          <span className="badge badge-failed">
            {t`${plural(reports, { one: '# report', other: '# reports' })}`}
          </span>
        ) : null}
      </p>
      <p className="muted">
        <Trans>
          {price} · {kind} · by{' '}
          <Link to="/admin/people/$id" params={{ id: product.seller.id }}>
            {sellerName}
          </Link>{' '}
          (@{handle})
        </Trans>
        {product.seller.suspended ? t`, suspended` : ''} · {t`added ${added}`}
      </p>
      <FormMessage message={done} tone="ok" />
      {product.status !== 'published' ? null : asking ? (
        <ReasonForm
          label={t`Why? The seller gets this by e-mail`}
          submit={t`Unpublish`}
          busyText={t`Unpublishing…`}
          onReason={unpublish}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <button type="button" className="button secondary" onClick={() => setAsking(true)}>
          <Trans>Unpublish…</Trans>
        </button>
      )}
    </li>
  )
}

/** Open reports, oldest first: dismiss one with a note, or take the product down with a reason. */
function Reports() {
  const { t } = useLingui()
  const [closed, setClosed] = useState(false)
  const reports = useQuery(adminQueries.reports(closed ? 'closed' : 'open'))
  return (
    <section aria-labelledby="reports-heading">
      <h2 id="reports-heading">
        <Trans>Reports</Trans>
      </h2>
      <fieldset className="chips">
        <legend className="visually-hidden">
          <Trans>Which reports</Trans>
        </legend>
        <button type="button" className="chip" aria-pressed={!closed} onClick={() => setClosed(false)}>
          <Trans context="reports not dealt with">Open</Trans>
        </button>
        <button type="button" className="chip" aria-pressed={closed} onClick={() => setClosed(true)}>
          <Trans>Closed</Trans>
        </button>
      </fieldset>
      <ListState list={reports} what={t`reports`} />
      {reports.data?.reports.length === 0 ? (
        <p className="muted">
          {closed ? t`No closed reports yet.` : t`Nothing reported: no report is waiting.`}
        </p>
      ) : null}
      <ul className="cards">
        {reports.data?.reports.map((r) => (
          <ReportCard key={r.id} report={r} />
        ))}
      </ul>
    </section>
  )
}

function ReportCard({ report }: { report: Report }) {
  const { t } = useLingui()
  const handle = report.seller.handle
  const when = formatDateTime(report.createdAt)
  const reporter = report.reporter
  const queryClient = useQueryClient()
  const [acting, setActing] = useState<'dismiss' | 'unpublish' | null>(null)
  const act = async (reason: string) => {
    if (acting === 'dismiss') await rpc('dismissProductReport', { id: report.id, note: reason })
    else await rpc('adminUnpublishProduct', { id: report.product.id, reason })
    setActing(null)
    await queryClient.invalidateQueries({ queryKey: adminQueries.all() })
  }
  return (
    <li className="card">
      <p>
        <strong>{translateCode(undefined, undefined, REASONS[report.reason])}</strong>:{' '}
        <a href={`/${report.product.slug}`}>{report.product.title}</a>{' '}
        <span className="muted">
          <Trans>by @{handle}</Trans>
        </span>
      </p>
      {report.details ? <p className="message-text">{report.details}</p> : null}
      <p className="muted">
        {reporter ? t`Reported ${when} by ${reporter}` : t`Reported ${when} anonymously`}
        {report.status !== 'open' ? ` · ${report.status}: ${report.resolution ?? ''}` : ''}
      </p>
      {report.status !== 'open' ? null : acting ? (
        <ReasonForm
          label={
            acting === 'dismiss' ? t`Why is it fine? (for the log)` : t`Why? The seller gets this by e-mail`
          }
          submit={acting === 'dismiss' ? t`Dismiss the report` : t`Unpublish the product`}
          busyText={t`Saving…`}
          danger={acting !== 'dismiss'}
          onReason={act}
          onCancel={() => setActing(null)}
        />
      ) : (
        <div className="actions">
          <button type="button" className="button secondary" onClick={() => setActing('dismiss')}>
            <Trans>Dismiss…</Trans>
          </button>
          {report.product.status === 'published' ? (
            <button type="button" className="button secondary" onClick={() => setActing('unpublish')}>
              <Trans>Unpublish product…</Trans>
            </button>
          ) : null}
        </div>
      )}
    </li>
  )
}
