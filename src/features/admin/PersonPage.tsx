import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { SubjectOutput } from '../../../contract'
import { displayPhone } from '../../../contract/phone-number'
import { FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { formatDate, formatDateTime } from '../../lib/dates'
import { rpc } from '../../lib/rpc'
import { AdminShell } from './AdminShell'
import { adminQueries } from './admin.queries'
import { rolesText } from './PeoplePage'
import { Orders, Sessions, Storefront } from './PersonRecord'
import { ReasonForm } from './ReasonForm'

type Person = SubjectOutput<'getUser'>

/** /admin/people/$id: one person, and what an admin can do about them. */
export function PersonPage({ id }: { id: string }) {
  const { t } = useLingui()
  const person = useQuery(adminQueries.person(id))
  if (person.isPending)
    return (
      <AdminShell title={t`Person`}>
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      </AdminShell>
    )
  if (person.isError) {
    const reason = person.error.message
    return (
      <AdminShell title={t`Person`}>
        <p role="alert">
          <Trans>
            This person could not be loaded: {reason} <Link to="/admin/people">Back to people</Link>
          </Trans>
        </p>
      </AdminShell>
    )
  }
  const { user } = person.data
  const roles = rolesText(user.roles)
  const joined = formatDate(user.createdAt)
  const confirmed = t` (confirmed)`
  return (
    <AdminShell title={user.name}>
      <p className="lead">
        {user.email}
        {user.emailVerified ? confirmed : t` (not confirmed)`} · {t`${roles} · joined ${joined}`}
        {user.phone ? ` · ${displayPhone(user.phone)}${user.phoneVerified ? confirmed : ''}` : ''}
      </p>
      <Standing person={person.data} />
      <Roles person={person.data} />
      <PasswordReset person={person.data} />
      <Storefront person={person.data} />
      <Orders person={person.data} />
      <Sessions person={person.data} />
      <p>
        <Link to="/admin/audit" search={{ target: user.id }}>
          <Trans>What admins did to this account</Trans>
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
  const { t } = useLingui()
  const { user, isSelf } = person
  const name = user.name
  const since = user.suspendedAt ? formatDateTime(user.suspendedAt) : ''
  const reason = user.suspensionReason
  const refresh = useRefresh(user.id)
  const [asking, setAsking] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const suspend = async (reason: string) => {
    await rpc('suspendUser', { id: user.id, reason })
    setAsking(false)
    setDone(t`${name} is suspended: signed out everywhere, storefront hidden, payouts paused.`)
    await refresh()
  }
  const reinstate = useSubmit(async () => {
    await rpc('reinstateUser', { id: user.id })
    setDone(t`${name} is reinstated.`)
    await refresh()
  })
  return (
    <section aria-labelledby="standing-heading" className="card">
      <h2 id="standing-heading">
        <Trans>Account standing</Trans>
      </h2>
      <FormMessage message={done} tone="ok" />
      {user.suspendedAt ? (
        <>
          <p>
            <Trans>
              <span className="badge badge-suspended">Suspended</span> since {since}: {reason}
            </Trans>
          </p>
          <form onSubmit={reinstate.onSubmit} className="form">
            <FormMessage message={reinstate.message} />
            <SubmitButton busy={reinstate.busy} busyText={t`Reinstating…`}>
              <Trans>Reinstate {name}</Trans>
            </SubmitButton>
          </form>
        </>
      ) : isSelf ? (
        <p className="muted">
          <Trans>Active. This is you: another admin would have to suspend you.</Trans>
        </p>
      ) : asking ? (
        <ReasonForm
          label={t`Why? They see this when they try to sign in`}
          hint={t`Their sessions end, their products leave the storefront and their payouts wait.`}
          submit={t`Suspend account`}
          busyText={t`Suspending…`}
          onReason={suspend}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <>
          <p>
            <Trans>Active.</Trans>
          </p>
          <button type="button" className="button secondary" onClick={() => setAsking(true)}>
            <Trans>Suspend…</Trans>
          </button>
        </>
      )}
    </section>
  )
}

function Roles({ person }: { person: Person }) {
  const { t } = useLingui()
  const { user, isSelf, seller } = person
  const name = user.name
  const refresh = useRefresh(user.id)
  const [done, setDone] = useState<string | null>(null)
  const change = useSubmit(async (data) => {
    const [role, grant] = text(data, 'change').split(':') as ['admin' | 'seller', string]
    await rpc('setUserRole', { id: user.id, role, grant: grant === 'grant' })
    setDone(
      grant === 'grant'
        ? role === 'admin'
          ? t`${name} is now an admin.`
          : t`${name} is now a seller.`
        : role === 'admin'
          ? t`Removed the admin role.`
          : t`Removed the seller role.`,
    )
    await refresh()
  })
  const admin = user.roles.includes('admin')
  const selling = user.roles.includes('seller')
  return (
    <section aria-labelledby="roles-heading" className="card">
      <h2 id="roles-heading">
        <Trans>Roles</Trans>
      </h2>
      <p>{rolesText(user.roles)}</p>
      <form onSubmit={change.onSubmit} className="form">
        <FormMessage message={change.message} />
        <FormMessage message={done} tone="ok" />
        <div className="actions">
          {admin ? (
            isSelf ? (
              <p className="muted">
                <Trans>You cannot remove your own admin role.</Trans>
              </p>
            ) : (
              <button type="submit" name="change" value="admin:remove" className="button secondary">
                <Trans>Remove admin role</Trans>
              </button>
            )
          ) : (
            <button type="submit" name="change" value="admin:grant" className="button secondary">
              <Trans>Make admin</Trans>
            </button>
          )}
          {selling ? (
            <button type="submit" name="change" value="seller:remove" className="button secondary">
              <Trans>Remove seller role</Trans>
            </button>
          ) : seller ? (
            <button type="submit" name="change" value="seller:grant" className="button secondary">
              <Trans>Restore seller role</Trans>
            </button>
          ) : null}
        </div>
      </form>
    </section>
  )
}

function PasswordReset({ person }: { person: Person }) {
  const { t } = useLingui()
  const { user } = person
  const name = user.name
  const email = user.email
  const refresh = useRefresh(user.id)
  const [asking, setAsking] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const reset = useSubmit(async () => {
    await rpc('forcePasswordReset', { id: user.id })
    setAsking(false)
    setDone(t`Signed out everywhere; a link to choose a new password went to ${email}.`)
    await refresh()
  })
  return (
    <section aria-labelledby="password-heading" className="card">
      <h2 id="password-heading">
        <Trans>Password</Trans>
      </h2>
      <p>{user.hasPassword ? t`Has a password.` : t`No password: signs in with a link or a provider.`}</p>
      <FormMessage message={done} tone="ok" />
      {asking ? (
        <form onSubmit={reset.onSubmit} className="form">
          <FormMessage message={reset.message} />
          <p>
            <Trans>This signs {name} out everywhere and mails them a link to choose a new password.</Trans>
          </p>
          <div className="actions">
            <SubmitButton busy={reset.busy} busyText={t`Resetting…`}>
              <Trans>Reset their password</Trans>
            </SubmitButton>
            <button type="button" className="button secondary" onClick={() => setAsking(false)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button secondary" onClick={() => setAsking(true)}>
          <Trans>Force a password reset…</Trans>
        </button>
      )}
    </section>
  )
}
