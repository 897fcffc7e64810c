import { msg, t } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { SubjectOutput } from '../../../contract'
import { formatDate, formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { OrderTable } from './OrderTable'

type Person = SubjectOutput<'getUser'>

/** An identity check's state as the admin reads it. */
const VERIFICATION_NAMES = {
  pending: msg`Pending`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
}

/** A seller's storefront, identity check, balances and where they are paid. */
export function Storefront({ person }: { person: Person }) {
  const { t } = useLingui()
  const { seller, balances, payoutMethods, verification } = person
  if (!seller) return null
  const handle = seller.handle
  const country = seller.country
  const products = seller.products
  const givenMethod = seller.givenMethod
  const status = verification ? t(VERIFICATION_NAMES[verification.status]) : ''
  const sent = verification ? formatDate(verification.submittedAt) : ''
  return (
    <section aria-labelledby="storefront-heading" className="card">
      <h2 id="storefront-heading">
        <Trans>Storefront</Trans>
      </h2>
      <dl className="details">
        <dt>
          <Trans>Storefront</Trans>
        </dt>
        <dd>
          <a href={`/creators/${seller.handle}`}>{seller.displayName}</a> (@{handle}, {country}),{' '}
          <Plural value={products} one="# product" other="# products" />
        </dd>
        <dt>
          <Trans>Identity check</Trans>
        </dt>
        <dd>{verification ? t`${status}, sent ${sent}` : t`Not sent yet`}</dd>
        <dt>
          <Trans>Balances</Trans>
        </dt>
        <dd>
          {balances.length === 0
            ? t`Nothing yet`
            : balances.map((b) => {
                const available = formatMoney(b.available, b.currency)
                const held = formatMoney(b.held, b.currency)
                const paidOut = formatMoney(b.paidOut, b.currency)
                return (
                  <span key={b.currency} className="amount-line">
                    <Trans>
                      {available} available, {held} held, {paidOut} paid out
                    </Trans>
                  </span>
                )
              })}
        </dd>
        <dt>
          <Trans>Paid to</Trans>
        </dt>
        <dd>
          {payoutMethods.length === 0
            ? t`No destination yet (${givenMethod} given when opening the storefront, not confirmed)`
            : payoutMethods
                .map((m) => {
                  const label = m.label
                  return m.removed ? t`${label} (removed)` : label
                })
                .join(' · ')}
        </dd>
      </dl>
    </section>
  )
}

/** Their recent orders, bought and sold. */
export function Orders({ person }: { person: Person }) {
  const { t } = useLingui()
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading">
        <Trans>Recent orders</Trans>
      </h2>
      {person.orders.length === 0 ? (
        <p className="muted">
          <Trans>No orders, bought or sold.</Trans>
        </p>
      ) : (
        <OrderTable
          caption={t`Their recent orders, bought and sold`}
          detail={t`What`}
          orders={person.orders.map((o) => ({
            ...o,
            note: o.side === 'bought' ? t`bought` : t`sold`,
            detail: o.title,
          }))}
        />
      )}
    </section>
  )
}

/** Sign-in history: every session, newest first, with where it was opened from. */
export function Sessions({ person }: { person: Person }) {
  const { t } = useLingui()
  const now = (s: Person['sessions'][number]) => {
    if (s.active) return t`Signed in`
    if (!s.revokedAt) return t`Expired`
    const ended = formatDateTime(s.revokedAt)
    return t`Ended ${ended}`
  }
  return (
    <section aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">
        <Trans>Sign-in history</Trans>
      </h2>
      {person.sessions.length === 0 ? (
        <p className="muted">
          <Trans>Never signed in.</Trans>
        </p>
      ) : (
        <table className="table table-stack">
          <caption className="visually-hidden">
            <Trans>Their sessions, newest first</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Signed in</Trans>
              </th>
              <th scope="col">
                <Trans context="where from">From</Trans>
              </th>
              <th scope="col">
                <Trans>Device</Trans>
              </th>
              <th scope="col">
                <Trans>Now</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {person.sessions.map((s) => (
              <tr key={s.id}>
                <th scope="row">{formatDateTime(s.createdAt)}</th>
                <td data-label={t({ message: 'From', context: 'where from' })}>{s.ip ?? t`Not recorded`}</td>
                <td data-label={t`Device`}>{deviceText(s.userAgent)}</td>
                <td data-label={t`Now`}>{now(s)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

/** A browser's user agent, short: "Chrome on Android" (called while rendering: the language is set). */
export function deviceText(agent: string | null): string {
  if (!agent) return t`Unknown`
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : t`A browser`
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : t`another system`
  return t`${browser} on ${system}`
}
