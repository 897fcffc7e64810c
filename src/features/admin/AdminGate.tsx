import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useSession } from '../../lib/session'

/** /admin needs the admin role; a signed-in person without it is told so, not sent in circles. */
export function AdminGate({ children }: { children: ReactNode }) {
  const { user } = useSession()
  // The guard ran, so there is a token; the user object arrives with it or from getMe at start.
  if (!user) return <p className="page">Loading…</p>
  if (!user.roles.includes('admin'))
    return (
      <section className="page narrow">
        <h1>Admins only</h1>
        <p>This area is for the people who run Soko. You are signed in as {user.email}.</p>
        <Link to="/account">Go to your account</Link>
      </section>
    )
  return children
}
