import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { HomeNeed } from '../../../contract/account-home.contract'
import { formatDate, formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import type { SellerHome } from './account-home.queries'
import { FirstSteps } from './FirstSteps'
import { changeText, needText } from './home-format'
import { OrderRow } from './OrderRow'

/**
 * A seller's dashboard, phone first: the money and the one button that takes it out, then sales against last
 * month, the next payout, what needs them and the latest orders. From 60 rem the cards sit side by side.
 */
export function SellerDashboard({ home }: { home: SellerHome }) {
  const { setup } = home
  // First steps lead until the first sale; after it, a missing destination is said where the money is.
  const starting = !setup.sold || setup.products === 0
  return (
    <>
      {starting ? <FirstSteps home={home} /> : null}
      <div className="home-grid">
        <Balance home={home} />
        <Sales home={home} />
        <NextPayout home={home} />
        <Needs home={home} />
        <LatestOrders home={home} />
      </div>
    </>
  )
}

function Card({
  id,
  title,
  wide = false,
  children,
}: {
  id: string
  title: string
  /** Two columns of three on a wide screen. */
  wide?: boolean
  children: ReactNode
}) {
  return (
    <section className={wide ? 'card home-card home-wide' : 'card home-card'} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

/** Several currencies: one line each, the one sold in most first. */
function Amounts({ items }: { items: { currency: string; amount: number }[] }) {
  return items.map((b) => (
    <span key={b.currency} className="home-amount">
      {formatMoney(b.amount, b.currency)}
    </span>
  ))
}

function Balance({ home }: { home: SellerHome }) {
  const { t } = useLingui()
  const { balances } = home
  const next = balances
    .map((b) => b.nextAvailableAt)
    .filter((at): at is string => at !== null)
    .sort()[0]
  const nextDay = next ? formatDate(next) : ''
  return (
    <Card id="home-balance-heading" title={t`Balance`}>
      {balances.length === 0 ? (
        <p className="muted">
          <Trans>
            Your earnings add up here. Each sale is held for a few days, then it is yours to withdraw.
          </Trans>
        </p>
      ) : (
        <dl className="home-figures">
          <div>
            <dt>
              <Trans>Available</Trans>
            </dt>
            <dd>
              <Amounts items={balances.map((b) => ({ currency: b.currency, amount: b.available }))} />
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Held</Trans>
            </dt>
            <dd>
              <Amounts items={balances.map((b) => ({ currency: b.currency, amount: b.held }))} />
              {next ? (
                <span className="muted">
                  <Trans>More available {nextDay}</Trans>
                </span>
              ) : null}
            </dd>
          </div>
        </dl>
      )}
      {home.setup.destinations === 0 && home.setup.sold ? (
        <p className="muted">
          <Trans>Add where you are paid (M-Pesa, PayPal or a bank account) when you withdraw.</Trans>
        </p>
      ) : null}
      <Link to="/account/withdraw" className="button home-withdraw">
        <Trans>Withdraw</Trans>
      </Link>
    </Card>
  )
}

function Sales({ home }: { home: SellerHome }) {
  const { t } = useLingui()
  return (
    <Card id="home-sales-heading" title={t`Sales`}>
      {home.sales.length === 0 ? (
        <p className="muted">
          <Trans>No sales this month or last. When someone buys, it shows here the same minute.</Trans>
        </p>
      ) : (
        home.sales.map((s) => {
          const change = changeText(s.month.amount, s.lastMonth.amount, s.currency)
          const today = s.today.count
          const month = s.month.count
          return (
            <dl className="home-figures" key={s.currency}>
              <div>
                <dt>
                  <Trans>Today</Trans>
                </dt>
                <dd>
                  <span className="home-amount">{formatMoney(s.today.amount, s.currency)}</span>
                  <span className="muted">
                    <Plural value={today} one="# sale" other="# sales" />
                  </span>
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>This month</Trans>
                </dt>
                <dd>
                  <span className="home-amount">{formatMoney(s.month.amount, s.currency)}</span>
                  <span className="muted">
                    <Plural value={month} one="# sale" other="# sales" />
                  </span>
                </dd>
              </div>
              <div className="home-change">
                <dt className="visually-hidden">
                  <Trans>Against last month</Trans>
                </dt>
                <dd data-trend={change.trend}>{change.text}</dd>
              </div>
            </dl>
          )
        })
      )}
      <p>
        <Link to="/account/transactions">
          <Trans>All transactions</Trans>
        </Link>
      </p>
    </Card>
  )
}

function NextPayout({ home }: { home: SellerHome }) {
  const { t } = useLingui()
  const next = home.nextPayout
  const when = next ? formatDateTime(next.at, { weekday: true, timeZone: home.timeZone }) : ''
  const destination = next?.destination ?? ''
  const minimum = next ? formatMoney(next.minimum, next.currency) : ''
  const amount = next ? formatMoney(Math.max(0, next.amount), next.currency) : ''
  const sent = next ? formatMoney(next.amount, next.currency) : ''
  const short = next?.source === 'schedule' && (next.amount <= 0 || next.amount < next.minimum)
  return (
    <Card id="home-payout-heading" title={t`Next payout`}>
      {!next ? (
        <p className="muted">
          <Trans>
            None scheduled. Withdraw when you like, or have your money sent daily, weekly or monthly.
          </Trans>
        </p>
      ) : short ? (
        <>
          <p className="home-when">{when}</p>
          <p>{t`Your schedule sends to ${destination} once ${minimum} is available: ${amount} is now.`}</p>
        </>
      ) : (
        <>
          <p className="home-when">{when}</p>
          <p>
            <Trans>
              <span className="home-amount">{sent}</span> to {destination}
            </Trans>
          </p>
          <p className="muted">
            {next.source === 'requested'
              ? t`The payout you asked for, sent with your scheduled run.`
              : t`What is available now, sent by your schedule.`}
          </p>
        </>
      )}
      <p>
        <Link to="/account/withdraw">{next ? t`Payouts and schedule` : t`Set a payout schedule`}</Link>
      </p>
    </Card>
  )
}

function NeedLink({ need, children }: { need: HomeNeed; children: ReactNode }) {
  switch (need.kind) {
    case 'invoice-overdue':
    case 'invoice-due':
      return (
        <Link to="/account/invoices/$id" params={{ id: need.id }}>
          {children}
        </Link>
      )
    case 'booking-today':
      return <Link to="/account/bookings">{children}</Link>
    case 'event-door':
      return (
        <Link to="/account/check-in/$eventId" params={{ eventId: need.id }}>
          {children}
        </Link>
      )
    default:
      return <Link to="/account/withdraw">{children}</Link>
  }
}

function Needs({ home }: { home: SellerHome }) {
  const { t } = useLingui()
  return (
    <Card id="home-needs-heading" title={t`Needs you`}>
      {home.needs.length === 0 ? (
        <p className="muted">
          <Trans>Nothing right now. Unpaid invoices, today’s bookings and payouts show here.</Trans>
        </p>
      ) : (
        <ul className="home-list">
          {home.needs.map((need) => {
            const { text, detail } = needText(need, home.timeZone)
            return (
              <li key={`${need.kind}:${need.id}`} data-kind={need.kind}>
                <NeedLink need={need}>{text}</NeedLink>
                <p className="muted">{detail}</p>
              </li>
            )
          })}
        </ul>
      )}
    </Card>
  )
}

function LatestOrders({ home }: { home: SellerHome }) {
  const { t } = useLingui()
  const orders = home.latestOrders
  return (
    <Card id="home-orders-heading" title={t`Latest orders`} wide>
      {orders.length === 0 ? (
        <p className="muted">
          <Trans>No orders yet. Share your storefront: orders show here as they come in.</Trans>
        </p>
      ) : (
        <>
          <ul className="movements">
            {orders.map((o) => (
              <OrderRow
                key={o.id}
                title={<span className="movement-title">{o.title}</span>}
                amount={o.amount}
                currency={o.currency}
                party={o.party}
                when={formatDateTime(o.at)}
                status={o.status}
              />
            ))}
          </ul>
          <p>
            <Link to="/account/customers" search={{ view: 'orders' }}>
              <Trans>All orders</Trans>
            </Link>
          </p>
        </>
      )}
    </Card>
  )
}
