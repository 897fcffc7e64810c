import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { SubjectOutput } from '../../../contract'
import { displayPhone } from '../../../contract/phone-number'
import { FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { formatDate, formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { AdminShell } from './AdminShell'
import { adminQueries } from './admin.queries'
import { OrderTable } from './OrderTable'
import { rolesText } from './PeoplePage'
import { ReasonForm } from './ReasonForm'

type Person = SubjectOutput<'getUser'>

/** /admin/people/$id: one person, and what an admin can do about them. */
export function PersonPage({ id }: { id: string }) {
  const person = useQuery(adminQueries.person(id))
  if (person.isPending)
    return (
      <AdminShell title="Person">
        <p role="status">Loading…</p>
      </AdminShell>
    )
  if (person.isError)
    return (
      <AdminShell title="Person">
        <p role="alert">
          This person could not be loaded: {person.error.message}{' '}
          <Link to="/admin/people">Back to people</Link>
        </p>
      </AdminShell>
    )
  const { user } = person.data
  return (
    <AdminShell title={user.name}>
      <p className="lead">
        {user.email}
        {user.emailVerified ? ' (confirmed)' : ' (not confirmed)'} · {rolesText(user.roles)} · joined{' '}
        {formatDate(user.createdAt)}
        {user.phone ? ` · ${displayPhone(user.phone)}${user.phoneVerified ? ' (confirmed)' : ''}` : ''}
      </p>
      <Standing person={person.data} />
      <Roles person={person.data} />
      <PasswordReset person={person.data} />
      <Storefront person={person.data} />
      <Orders person={person.data} />
      <Sessions person={person.data} />
      <p>
        <Link to="/admin/audit" search={{ target: user.id }}>
          What admins did to this account
        </Link>
      </p>
    </AdminShell>
  )
}

function useRefresh(id: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminQueries.person(id).queryKey }),
      queryClient.invalidateQueries({ queryKey: [...adminQueries.all(), 'people'] }),
      queryClient.invalidateQueries({ queryKey: [...adminQueries.all(), 'audit'] }),
    ])
}

/** Suspended or not, and the one action that changes it. */
function Standing({ person }: { person: Person }) {
  const { user, isSelf } = person
  const refresh = useRefresh(user.id)
  const [asking, setAsking] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const suspend = async (reason: string) => {
    await rpc('suspendUser', { id: user.id, reason })
    setAsking(false)
    setDone(`${user.name} is suspended: signed out everywhere, storefront hidden, payouts paused.`)
    await refresh()
  }
  const reinstate = useSubmit(async () => {
    await rpc('reinstateUser', { id: user.id })
    setDone(`${user.name} is reinstated.`)
    await refresh()
  })
  return (
    <section aria-labelledby="standing-heading" className="card">
      <h2 id="standing-heading">Account standing</h2>
      <FormMessage message={done} tone="ok" />
      {user.suspendedAt ? (
        <>
          <p>
            <span className="badge badge-suspended">Suspended</span> since {formatDateTime(user.suspendedAt)}:{' '}
            {user.suspensionReason}
          </p>
          <form onSubmit={reinstate.onSubmit} className="form">
            <FormMessage message={reinstate.message} />
            <SubmitButton busy={reinstate.busy} busyText="Reinstating…">
              Reinstate {user.name}
            </SubmitButton>
          </form>
        </>
      ) : isSelf ? (
        <p className="muted">Active. This is you: another admin would have to suspend you.</p>
      ) : asking ? (
        <ReasonForm
          label="Why? They see this when they try to sign in"
          hint="Their sessions end, their products leave the storefront and their payouts wait."
          submit="Suspend account"
          busyText="Suspending…"
          onReason={suspend}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <>
          <p>Active.</p>
          <button type="button" className="button secondary" onClick={() => setAsking(true)}>
            Suspend…
          </button>
        </>
      )}
    </section>
  )
}

function Roles({ person }: { person: Person }) {
  const { user, isSelf, seller } = person
  const refresh = useRefresh(user.id)
  const [done, setDone] = useState<string | null>(null)
  const change = useSubmit(async (data) => {
    const [role, grant] = text(data, 'change').split(':') as ['admin' | 'seller', string]
    await rpc('setUserRole', { id: user.id, role, grant: grant === 'grant' })
    setDone(
      grant === 'grant'
        ? `${user.name} is now ${role === 'admin' ? 'an admin' : 'a seller'}.`
        : `Removed the ${role} role.`,
    )
    await refresh()
  })
  const admin = user.roles.includes('admin')
  const selling = user.roles.includes('seller')
  return (
    <section aria-labelledby="roles-heading" className="card">
      <h2 id="roles-heading">Roles</h2>
      <p>{rolesText(user.roles)}</p>
      <form onSubmit={change.onSubmit} className="form">
        <FormMessage message={change.message} />
        <FormMessage message={done} tone="ok" />
        <div className="actions">
          {admin ? (
            isSelf ? (
              <p className="muted">You cannot remove your own admin role.</p>
            ) : (
              <button type="submit" name="change" value="admin:remove" className="button secondary">
                Remove admin role
              </button>
            )
          ) : (
            <button type="submit" name="change" value="admin:grant" className="button secondary">
              Make admin
            </button>
          )}
          {selling ? (
            <button type="submit" name="change" value="seller:remove" className="button secondary">
              Remove seller role
            </button>
          ) : seller ? (
            <button type="submit" name="change" value="seller:grant" className="button secondary">
              Restore seller role
            </button>
          ) : null}
        </div>
      </form>
    </section>
  )
}

function PasswordReset({ person }: { person: Person }) {
  const { user } = person
  const refresh = useRefresh(user.id)
  const [asking, setAsking] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const reset = useSubmit(async () => {
    await rpc('forcePasswordReset', { id: user.id })
    setAsking(false)
    setDone(`Signed out everywhere; a link to choose a new password went to ${user.email}.`)
    await refresh()
  })
  return (
    <section aria-labelledby="password-heading" className="card">
      <h2 id="password-heading">Password</h2>
      <p>{user.hasPassword ? 'Has a password.' : 'No password: signs in with a link or a provider.'}</p>
      <FormMessage message={done} tone="ok" />
      {asking ? (
        <form onSubmit={reset.onSubmit} className="form">
          <FormMessage message={reset.message} />
          <p>This signs {user.name} out everywhere and mails them a link to choose a new password.</p>
          <div className="actions">
            <SubmitButton busy={reset.busy} busyText="Resetting…">
              Reset their password
            </SubmitButton>
            <button type="button" className="button secondary" onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button secondary" onClick={() => setAsking(true)}>
          Force a password reset…
        </button>
      )}
    </section>
  )
}

function Storefront({ person }: { person: Person }) {
  const { seller, balances, payoutMethods, verification } = person
  if (!seller) return null
  return (
    <section aria-labelledby="storefront-heading" className="card">
      <h2 id="storefront-heading">Storefront</h2>
      <dl className="details">
        <dt>Storefront</dt>
        <dd>
          <a href={`/creators/${seller.handle}`}>{seller.displayName}</a> (@{seller.handle}, {seller.country}
          ), {seller.products} product{seller.products === 1 ? '' : 's'}
        </dd>
        <dt>Identity check</dt>
        <dd>
          {verification
            ? `${verification.status[0]?.toUpperCase()}${verification.status.slice(1)}, sent ${formatDate(verification.submittedAt)}`
            : 'Not sent yet'}
        </dd>
        <dt>Balances</dt>
        <dd>
          {balances.length === 0
            ? 'Nothing yet'
            : balances.map((b) => (
                <span key={b.currency} className="amount-line">
                  {formatMoney(b.available, b.currency)} available, {formatMoney(b.held, b.currency)} held,{' '}
                  {formatMoney(b.paidOut, b.currency)} paid out
                </span>
              ))}
        </dd>
        <dt>Paid to</dt>
        <dd>
          {payoutMethods.length === 0
            ? `No destination yet (${seller.givenMethod} given when opening the storefront, not confirmed)`
            : payoutMethods.map((m) => `${m.label}${m.removed ? ' (removed)' : ''}`).join(' · ')}
        </dd>
      </dl>
    </section>
  )
}

function Orders({ person }: { person: Person }) {
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading">Recent orders</h2>
      {person.orders.length === 0 ? (
        <p className="muted">No orders, bought or sold.</p>
      ) : (
        <OrderTable
          caption="Their recent orders, bought and sold"
          detail="What"
          orders={person.orders.map((o) => ({ ...o, note: o.side, detail: o.title }))}
        />
      )}
    </section>
  )
}

/** Sign-in history: every session, newest first, with where it was opened from. */
function Sessions({ person }: { person: Person }) {
  return (
    <section aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Sign-in history</h2>
      {person.sessions.length === 0 ? (
        <p className="muted">Never signed in.</p>
      ) : (
        <table className="table table-stack">
          <caption className="visually-hidden">Their sessions, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Signed in</th>
              <th scope="col">From</th>
              <th scope="col">Device</th>
              <th scope="col">Now</th>
            </tr>
          </thead>
          <tbody>
            {person.sessions.map((s) => (
              <tr key={s.id}>
                <th scope="row">{formatDateTime(s.createdAt)}</th>
                <td data-label="From">{s.ip ?? 'Not recorded'}</td>
                <td data-label="Device">{deviceText(s.userAgent)}</td>
                <td data-label="Now">
                  {s.active ? 'Signed in' : s.revokedAt ? `Ended ${formatDateTime(s.revokedAt)}` : 'Expired'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

/** A browser's user agent, short: "Chrome on Android". */
export function deviceText(agent: string | null): string {
  if (!agent) return 'Unknown'
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'A browser'
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
            : 'another system'
  return `${browser} on ${system}`
}
