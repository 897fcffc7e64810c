import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useSession } from '../../lib/session'

/** /admin needs the admin role; a signed-in person without it is told so, not sent in circles. */
export function AdminGate({ children }: { children: ReactNode }) {
  const { user } = useSession()
  // The guard ran, so there is a token; the user object arrives with it or from getMe at start.
  if (!user)
    return (
      <p className="page">
        <Trans>Loading…</Trans>
      </p>
    )
  const email = user.email
  if (!user.roles.includes('admin'))
    return (
      <section className="page narrow">
        <h1>
          <Trans>Admins only</Trans>
        </h1>
        <p>
          <Trans>This area is for the people who run Soko. You are signed in as {email}.</Trans>
        </p>
        <Link to="/account">
          <Trans>Go to your account</Trans>
        </Link>
      </section>
    )
  return children
}
