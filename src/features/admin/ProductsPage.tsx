import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type { SubjectOutput } from '../../../contract'
import { REPORT_REASON_TEXT } from '../../../contract/report-reasons'
import { Field, FormMessage } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { LoadMore } from '../../components/LoadMore'
import { formatDate, formatDateTime } from '../../lib/dates'
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
    <AdminShell title="Products">
      <Reports />
      <section aria-labelledby="all-products-heading">
        <h2 id="all-products-heading">All products</h2>
        <search>
          <form className="form form-inline" onSubmit={onSubmit} key={search.q ?? ''}>
            <Field
              label="Find a product"
              name="q"
              type="search"
              defaultValue={search.q ?? ''}
              hint="Part of a title, an address (/slug), a seller’s handle, name or e-mail"
            />
            <button type="submit" className="button">
              Search products
            </button>
          </form>
        </search>
        <nav aria-label="Which products" className="chips">
          <Link
            to="/admin/products"
            search={validateQuerySearch({ q: search.q })}
            className="chip"
            aria-current={search.reported ? undefined : 'page'}
            activeOptions={{ exact: true, includeSearch: true }}
          >
            All
          </Link>
          <Link
            to="/admin/products"
            search={validateQuerySearch({ q: search.q, reported: true })}
            className="chip"
            aria-current={search.reported ? 'page' : undefined}
            activeOptions={{ exact: true, includeSearch: true }}
          >
            With open reports
          </Link>
        </nav>
        <ListState list={list} what="products" />
        {list.isSuccess && products.length === 0 ? <p className="muted">No product matches.</p> : null}
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
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const unpublish = async (reason: string) => {
    await rpc('adminUnpublishProduct', { id: product.id, reason })
    setAsking(false)
    setDone('Unpublished: the seller has the reason by e-mail.')
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
            {product.openReports} report{product.openReports === 1 ? '' : 's'}
          </span>
        ) : null}
      </p>
      <p className="muted">
        {formatMoney(product.price.amount, product.price.currency)} · {product.kind} · by{' '}
        <Link to="/admin/people/$id" params={{ id: product.seller.id }}>
          {product.seller.displayName}
        </Link>{' '}
        (@{product.seller.handle}){product.seller.suspended ? ', suspended' : ''} · added{' '}
        {formatDate(product.createdAt)}
      </p>
      <FormMessage message={done} tone="ok" />
      {product.status !== 'published' ? null : asking ? (
        <ReasonForm
          label="Why? The seller gets this by e-mail"
          submit="Unpublish"
          busyText="Unpublishing…"
          onReason={unpublish}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <button type="button" className="button secondary" onClick={() => setAsking(true)}>
          Unpublish…
        </button>
      )}
    </li>
  )
}

/** Open reports, oldest first: dismiss one with a note, or take the product down with a reason. */
function Reports() {
  const [closed, setClosed] = useState(false)
  const reports = useQuery(adminQueries.reports(closed ? 'closed' : 'open'))
  return (
    <section aria-labelledby="reports-heading">
      <h2 id="reports-heading">Reports</h2>
      <fieldset className="chips">
        <legend className="visually-hidden">Which reports</legend>
        <button type="button" className="chip" aria-pressed={!closed} onClick={() => setClosed(false)}>
          Open
        </button>
        <button type="button" className="chip" aria-pressed={closed} onClick={() => setClosed(true)}>
          Closed
        </button>
      </fieldset>
      <ListState list={reports} what="reports" />
      {reports.data?.reports.length === 0 ? (
        <p className="muted">
          {closed ? 'No closed reports yet.' : 'Nothing reported: no report is waiting.'}
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
        <strong>{REASONS[report.reason]}</strong>:{' '}
        <a href={`/${report.product.slug}`}>{report.product.title}</a>{' '}
        <span className="muted">by @{report.seller.handle}</span>
      </p>
      {report.details ? <p className="message-text">{report.details}</p> : null}
      <p className="muted">
        Reported {formatDateTime(report.createdAt)}
        {report.reporter ? ` by ${report.reporter}` : ' anonymously'}
        {report.status !== 'open' ? ` · ${report.status}: ${report.resolution ?? ''}` : ''}
      </p>
      {report.status !== 'open' ? null : acting ? (
        <ReasonForm
          label={
            acting === 'dismiss' ? 'Why is it fine? (for the log)' : 'Why? The seller gets this by e-mail'
          }
          submit={acting === 'dismiss' ? 'Dismiss the report' : 'Unpublish the product'}
          busyText="Saving…"
          danger={acting !== 'dismiss'}
          onReason={act}
          onCancel={() => setActing(null)}
        />
      ) : (
        <div className="actions">
          <button type="button" className="button secondary" onClick={() => setActing('dismiss')}>
            Dismiss…
          </button>
          {report.product.status === 'published' ? (
            <button type="button" className="button secondary" onClick={() => setActing('unpublish')}>
              Unpublish product…
            </button>
          ) : null}
        </div>
      )}
    </li>
  )
}
