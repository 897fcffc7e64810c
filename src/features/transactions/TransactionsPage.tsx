import { useInfiniteQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import {
  METHOD_NAMES,
  ORDER_STATUS_TEXT,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../../contract/checkout.constants'
import type { CurrencyCode } from '../../../contract/currencies'
import type {
  BuyerMovement,
  SellerBalance,
  SellerBooks,
  SellerMovement,
} from '../../../contract/transactions.contract'
import { Field, FormMessage, SelectField } from '../../components/Form'
import { LoadMore } from '../../components/LoadMore'
import { OfflineNote } from '../../components/OfflineNote'
import { formatMoney } from '../../lib/money'
import { RpcError } from '../../lib/rpc'
import { useSession } from '../../lib/session'
import { usePageTitle } from '../../lib/title'
import { fetchAllMovements, transactionsQueries } from './transactions.queries'
import { csvFileName, KIND_TEXT, transactionsCsv } from './transactions-csv'
import {
  BUYER_KINDS,
  type MovementKind,
  SELLER_KINDS,
  type TransactionsSearch,
  validateTransactionsSearch,
} from './transactions-search'

const route = getRouteApi('/_default/account/transactions')

type Role = 'seller' | 'buyer'

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
/** The chart's days are UTC days: name them in UTC, or a day could show as its neighbour. */
const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' })

const dateTimeText = (iso: string) => dateTimeFormat.format(new Date(iso))
const dateText = (iso: string) => dateFormat.format(new Date(iso))
const dayText = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`))

/** Money in with a plus, money out with the minus formatMoney already writes. */
const signed = (amount: number, currency: string) =>
  `${amount > 0 ? '+' : ''}${formatMoney(amount, currency)}`

const kindText = (m: { kind: MovementKind; amount: number }) =>
  m.kind === 'fee' && m.amount > 0 ? 'Soko fee returned' : KIND_TEXT[m.kind]

/** Whose books and which currency: what the filters and their "clear" links keep. */
const viewOf = ({ as, currency }: TransactionsSearch): TransactionsSearch => ({
  ...(as ? { as } : {}),
  ...(currency ? { currency } : {}),
})

/** /account/transactions: a seller's books (or, for anyone, their payments and refunds). */
export function TransactionsPage() {
  usePageTitle('Transactions')
  const search = route.useSearch()
  const { user } = useSession()
  const isSeller = user?.roles.includes('seller') ?? false
  const list = useInfiniteQuery(transactionsQueries.list(search))
  const pages = list.data?.pages ?? []
  const role: Role = pages[0]?.role ?? search.as ?? (isSeller ? 'seller' : 'buyer')
  const seller = pages.flatMap((p) => (p.role === 'seller' ? [p] : []))
  const books = seller[0]
  const sellerMovements = seller.flatMap((p) => p.movements)
  const buyerMovements = pages.flatMap((p) => (p.role === 'buyer' ? p.movements : []))
  const count = role === 'seller' ? sellerMovements.length : buyerMovements.length
  const filtered = Boolean(search.from || search.to || search.kind || search.method)
  const errors = list.error instanceof RpcError ? list.error.errors : {}
  return (
    <section className="page transactions" aria-labelledby="transactions-heading">
      <h1 id="transactions-heading">Transactions</h1>
      <OfflineNote updatedAt={list.dataUpdatedAt} failed={list.isError && !!list.data} />
      {isSeller ? <RoleSwitch role={role} /> : null}
      {books ? <CurrencySwitch books={books} search={search} /> : null}
      <Filters search={search} role={role} errors={errors} />
      <div aria-live="polite">
        {list.isPending ? <p role="status">Loading your transactions…</p> : null}
        {list.isError && !list.data ? (
          <p role="alert">
            {Object.keys(errors).length > 0
              ? 'Check the filters marked above.'
              : `Your transactions could not be loaded: ${list.error.message}`}{' '}
            <button type="button" className="link-button" onClick={() => void list.refetch()}>
              Try again
            </button>
          </p>
        ) : null}
      </div>
      {books ? <SellerSummary books={books} filtered={filtered} /> : null}
      {list.isSuccess && count === 0 ? (
        <Empty role={role} filtered={filtered} search={search} books={books} />
      ) : null}
      {count > 0 ? (
        <section aria-labelledby="movements-heading">
          <div className="movements-head">
            <h2 id="movements-heading">{role === 'seller' ? 'Movements' : 'Payments and refunds'}</h2>
            <ExportCsv search={search} currency={books?.currency} />
          </div>
          {role === 'seller' ? (
            <SellerList movements={sellerMovements} />
          ) : (
            <BuyerList movements={buyerMovements} />
          )}
          <LoadMore list={list} />
        </section>
      ) : null}
    </section>
  )
}

/** A seller reads their earnings here, and can switch to what they themselves bought. */
function RoleSwitch({ role }: { role: Role }) {
  return (
    <nav aria-label="Whose transactions" className="chips">
      <RoleLink whose="seller" current={role}>
        Your sales
      </RoleLink>
      <RoleLink whose="buyer" current={role}>
        Your purchases
      </RoleLink>
    </nav>
  )
}

function RoleLink({ whose, current, children }: { whose: Role; current: Role; children: ReactNode }) {
  return (
    <Link
      to="/account/transactions"
      search={{ as: whose }}
      className="chip"
      data-status={whose === current ? 'active' : undefined}
      aria-current={whose === current ? 'page' : undefined}
    >
      {children}
    </Link>
  )
}

/**
 * A seller is owed in each currency they sell in (a sale is owed in its product's currency): one chip per
 * currency with its balance, the books' own first. One currency needs no switch.
 */
function CurrencySwitch({ books, search }: { books: SellerBooks; search: TransactionsSearch }) {
  const id = useId()
  const listed: SellerBalance[] = books.currencies.some((c) => c.currency === books.currency)
    ? books.currencies
    : [...books.currencies, { currency: books.currency, available: 0, held: 0, nextAvailableAt: null }]
  if (listed.length < 2) return null
  return (
    <nav aria-labelledby={`${id}-heading`} className="currency-switch">
      <h2 id={`${id}-heading`} className="currency-switch-heading">
        Balance by currency
      </h2>
      <div className="chips">
        {listed.map(({ currency, available, held }) => (
          <Link
            key={currency}
            to="/account/transactions"
            search={{ ...search, currency }}
            className="chip"
            data-status={currency === books.currency ? 'active' : undefined}
            aria-current={currency === books.currency ? 'page' : undefined}
          >
            {formatMoney(available + held, currency)}
          </Link>
        ))}
      </div>
    </nav>
  )
}

function Filters({
  search,
  role,
  errors,
}: {
  search: TransactionsSearch
  role: Role
  errors: Record<string, string>
}) {
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
        <Field label="From" name="from" type="date" defaultValue={search.from ?? ''} errors={errors} />
        <Field label="To" name="to" type="date" defaultValue={search.to ?? ''} errors={errors} />
        <SelectField
          label="Kind"
          name="kind"
          defaultValue={search.kind ?? ''}
          errors={errors}
          options={[
            { value: '', label: 'All kinds' },
            ...kinds.map((k) => ({ value: k, label: KIND_TEXT[k] })),
          ]}
        />
        <SelectField
          label="Method"
          name="method"
          defaultValue={search.method ?? ''}
          errors={errors}
          options={[
            { value: '', label: 'All methods' },
            ...PAYMENT_METHODS.map((m: PaymentMethod) => ({ value: m, label: METHOD_NAMES[m] })),
          ]}
        />
        <p className="actions">
          <button type="submit" className="button">
            Show
          </button>
          {search.from || search.to || search.kind || search.method ? (
            <Link to="/account/transactions" search={viewOf(search)}>
              Clear filters
            </Link>
          ) : null}
        </p>
      </form>
    </search>
  )
}

function Empty({
  role,
  filtered,
  search,
  books,
}: {
  role: Role
  filtered: boolean
  search: TransactionsSearch
  books: SellerBooks | undefined
}) {
  // Books in a currency the seller never sold in, while others have entries.
  const other = books?.currencies.find((c) => c.currency !== books.currency)
  return (
    <div className="empty-state">
      {filtered ? (
        <p>
          No transactions match these filters.{' '}
          <Link to="/account/transactions" search={viewOf(search)}>
            Clear the filters
          </Link>
          .
        </p>
      ) : role === 'seller' && books && other ? (
        <p>
          No transactions in {books.currency}.{' '}
          <Link to="/account/transactions" search={{ currency: other.currency }}>
            See your {other.currency} transactions
          </Link>
          .
        </p>
      ) : role === 'seller' ? (
        <p>
          No transactions yet. <Link to="/account/new-product">Add a product</Link> and share its page: sales
          show here as they come in.
        </p>
      ) : (
        <p>
          No transactions yet — <Link to="/explore">explore what creators sell</Link>.
        </p>
      )}
    </div>
  )
}

/** Balances, the period's totals and the last 30 days, from the first page (every page has them). */
function SellerSummary({ books, filtered }: { books: SellerBooks; filtered: boolean }) {
  const { currency, summary } = books
  const money = (amount: number) => formatMoney(amount, currency)
  /** Money out, as a negative amount (and a plain zero, not `-0`). */
  const out = (amount: number) => money(amount === 0 ? 0 : -amount)
  const { totals } = summary
  return (
    <>
      <section aria-labelledby="balance-heading">
        <h2 id="balance-heading" className="visually-hidden">
          Balance in {currency}
        </h2>
        <div className="balance-cards">
          <div className="card balance-card">
            <p className="balance-label">Available</p>
            <p className="balance-amount">{money(summary.available)}</p>
            <p className="muted">
              {summary.available > 0 ? (
                <Link to="/account/withdraw">Withdraw</Link>
              ) : (
                'Sales become available 7 days after payment.'
              )}
            </p>
          </div>
          <div className="card balance-card">
            <p className="balance-label">Held</p>
            <p className="balance-amount">{money(summary.held)}</p>
            <p className="muted">
              {summary.nextAvailableAt
                ? `Next available ${dateTimeText(summary.nextAvailableAt)}`
                : 'Nothing held right now.'}
            </p>
          </div>
        </div>
      </section>
      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading">{filtered ? 'For these filters' : 'All time'}</h2>
        <dl className="details transaction-totals">
          <dt>Sales</dt>
          <dd>{money(totals.sales)}</dd>
          <dt>Soko fees</dt>
          <dd>{out(totals.fees)}</dd>
          <dt>Refunds</dt>
          <dd>{out(totals.refunds)}</dd>
          <dt>Payouts</dt>
          <dd>{out(totals.payouts)}</dd>
          <dt>Net</dt>
          <dd>
            <strong>{money(totals.net)}</strong>
          </dd>
        </dl>
      </section>
      <EarningsChart daily={summary.daily} currency={currency} />
    </>
  )
}

const CHART = { width: 300, height: 100, gap: 2 }

/** Net earnings per day as bars (below the line on a day refunds outweighed sales), with its words. */
function EarningsChart({
  daily,
  currency,
}: {
  daily: { day: string; net: number }[]
  currency: CurrencyCode
}) {
  const id = useId()
  const total = daily.reduce((sum, d) => sum + d.net, 0)
  const best = daily.reduce<{ day: string; net: number } | null>(
    (top, d) => (d.net > 0 && (!top || d.net > top.net) ? d : top),
    null,
  )
  const summary =
    total === 0 && !best
      ? 'No earnings in the last 30 days.'
      : `${total >= 0 ? 'Earned' : 'Net'} ${formatMoney(total, currency)} over the last 30 days${
          best ? `; best day ${dayText(best.day)}, ${formatMoney(best.net, currency)}` : ''
        }.`
  const up = Math.max(0, ...daily.map((d) => d.net))
  const down = Math.max(0, ...daily.map((d) => -d.net))
  const range = up + down || 1
  const zero = (CHART.height * up) / range
  const slot = CHART.width / Math.max(daily.length, 1)
  return (
    <figure className="earnings-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>
        <h2 className="chart-heading">Last 30 days</h2>
        <p className="muted">{summary}</p>
      </figcaption>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <title id={`${id}-title`}>Net earnings per day, last 30 days</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {daily.map((d, i) => {
          const height = d.net === 0 ? 0 : Math.max((CHART.height * Math.abs(d.net)) / range, 1)
          return (
            <rect
              key={d.day}
              x={i * slot + CHART.gap / 2}
              y={d.net > 0 ? zero - height : zero}
              width={slot - CHART.gap}
              height={height}
              className={d.net < 0 ? 'bar-negative' : 'bar'}
            >
              <title>{`${dayText(d.day)}: ${formatMoney(d.net, currency)}`}</title>
            </rect>
          )
        })}
        <line x1="0" x2={CHART.width} y1={zero} y2={zero} className="chart-baseline" />
      </svg>
      <p className="chart-axis muted" aria-hidden="true">
        <span>{daily[0] ? dayText(daily[0].day) : ''}</span>
        <span>{daily.at(-1) ? dayText(daily.at(-1)?.day ?? '') : ''}</span>
      </p>
    </figure>
  )
}

function SellerList({ movements }: { movements: SellerMovement[] }) {
  const now = Date.now()
  return (
    <ul className="movements">
      {movements.map((m) => (
        <li key={m.id} className="movement">
          <p className="movement-line">
            <span className="movement-title">{m.title}</span>
            <span className="movement-amount" data-sign={m.amount < 0 ? 'out' : 'in'}>
              {signed(m.amount, m.currency)}
            </span>
          </p>
          <p className="muted">
            {kindText(m)}
            {m.reference ? ` · ${m.reference}` : ''}
            {m.method ? ` · ${METHOD_NAMES[m.method]}` : ''} · {dateTimeText(m.at)}
          </p>
          <p className="muted">
            Balance {formatMoney(m.balance, m.currency)}
            {m.kind === 'sale' && m.availableAt && Date.parse(m.availableAt) > now
              ? ` · held until ${dateText(m.availableAt)}`
              : ''}
          </p>
        </li>
      ))}
    </ul>
  )
}

function BuyerList({ movements }: { movements: BuyerMovement[] }) {
  return (
    <ul className="movements">
      {movements.map((m) => (
        <li key={m.id} className="movement">
          <p className="movement-line">
            <span className="movement-title">{m.title}</span>
            {/* A payment shows as paid (no sign, no colour); money given back with a plus. */}
            <span className="movement-amount" data-sign={m.kind === 'refund' ? 'in' : undefined}>
              {m.kind === 'refund'
                ? `+${formatMoney(-m.amount, m.currency)}`
                : formatMoney(m.amount, m.currency)}
            </span>
          </p>
          <p className="muted">
            {kindText(m)} · {m.reference} · {METHOD_NAMES[m.method]} · {dateTimeText(m.at)}
          </p>
          <p>
            <span className="badge">{ORDER_STATUS_TEXT[m.status]}</span>{' '}
            <Link to="/sucess-payment" search={{ order: m.orderId }}>
              Details<span className="visually-hidden"> of {m.title}</span>
            </Link>
          </p>
        </li>
      ))}
    </ul>
  )
}

/**
 * Fetches every page the filters select and saves them as a CSV file, saying how far it has got. A
 * seller's export is in the currency the page shows (`currency`), named in the file.
 */
function ExportCsv({ search, currency }: { search: TransactionsSearch; currency: CurrencyCode | undefined }) {
  const [state, setState] = useState<{ busy: boolean; count: number; message: string | null }>({
    busy: false,
    count: 0,
    message: null,
  })
  const [error, setError] = useState<string | null>(null)
  async function run() {
    setError(null)
    setState({ busy: true, count: 0, message: null })
    try {
      // A buyer's list ignores `currency`: neither ask for one nor name one.
      const what = { ...search, currency }
      const movements = await fetchAllMovements(what, (count) => setState((s) => ({ ...s, count })))
      const name = csvFileName(what, movements)
      // The byte-order mark makes spreadsheet programs read the file as UTF-8.
      const url = URL.createObjectURL(
        new Blob(['\uFEFF', transactionsCsv(movements)], { type: 'text/csv;charset=utf-8' }),
      )
      const link = document.createElement('a')
      link.href = url
      link.download = name
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
      setState({
        busy: false,
        count: movements.length,
        message: `Saved ${movements.length} row${movements.length === 1 ? '' : 's'} as ${name}.`,
      })
    } catch (e) {
      setState({ busy: false, count: 0, message: null })
      setError(e instanceof RpcError ? `The export stopped: ${e.message}` : 'The export failed. Try again.')
    }
  }
  return (
    <div className="export-csv">
      <button
        type="button"
        className="button secondary"
        disabled={state.busy}
        aria-busy={state.busy}
        onClick={() => void run()}
      >
        {state.busy ? 'Exporting…' : 'Export CSV'}
      </button>
      <p className="muted" role="status">
        {state.busy ? `Fetched ${state.count} row${state.count === 1 ? '' : 's'}…` : (state.message ?? '')}
      </p>
      <FormMessage message={error} />
    </div>
  )
}
